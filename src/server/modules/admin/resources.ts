import { eq, getTableColumns, gte, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { addDays, instantOnSaoPauloClock } from '#shared/dates';
import {
  ClienteSaveSchema,
  ClienteUsuarioCreateSchema,
  ClienteUsuarioFilterSchema,
  ClienteUsuarioUpdateSchema,
  CidadeUpdateSchema,
  ContaSaveSchema,
  CONTA_MESSAGES,
  ContratoEventoFilterSchema,
  FaturaChildFilterSchema,
  FaturaFilterSchema,
  FaturaItemCreateSchema,
  FaturaItemUpdateSchema,
  FATURA_SITUACOES,
  FaturaSaveSchema,
  NFSE_FILE_MAX_BYTES,
  NfseCreateSchema,
  NfseUpdateSchema,
  OidcClienteCreateSchema,
  OidcClienteFilterSchema,
  OidcClienteUpdateSchema,
  DocumentoVersaoCreateSchema,
  PrivacidadePedidoFilterSchema,
  PlanoFilterSchema,
  PlanoPagamentoCreateSchema,
  PlanoPagamentoFilterSchema,
  PlanoPagamentoUpdateSchema,
  PlanoSaveSchema,
  ProdutoSaveSchema,
  ADMIN_MESSAGES,
  AuditoriaFilterSchema,
  ContratoFilterSchema,
  STAFF_LEVEL,
  type PlanChangeProof,
  UsuarioUpdateSchema,
} from '#shared/schemas/admin';
import { documentKind } from '#shared/cpf-cnpj';
import type { Queryable } from '../../platform/db/database.ts';
import { nomeBusca } from '../../platform/db/reference-data.ts';
import {
  glArquivo,
  glAuditoria,
  pgFaturamentoExecucao,
  glCidade,
  glCliente,
  glClienteUsuario,
  glContrato,
  glContratoEvento,
  glContratoEventoArquivo,
  glEstado,
  glOidcCliente,
  glDocumentoVersao,
  glPrivacidadePedido,
  glPlano,
  glPlanoPagamento,
  glProduto,
  glUsuario,
  pgConta,
  pgPixRecebimento,
  pgRemessa,
  glContratoCancelamento,
  pgFaturaReembolso,
  pgRetorno,
  pgRetornoOcorrencia,
  pgFatura,
  pgFaturaItem,
  pgNfse,
} from '../../platform/db/schema.ts';
import type { CrudResource } from '../../platform/http/crud/resource.ts';
import { newInvoiceToken } from '../invoices/index.ts';
import { assertPublicBackchannelUri, newClientId } from '../oidc/index.ts';
import { conflict, fieldError, forbidden } from '../../platform/errors.ts';
import { BILLING_MESSAGES } from '#shared/schemas/billing';
import { SITUACAO } from '#shared/schemas/invoices';
import { endUserAccess } from '../security/index.ts';
import { assertMayChangeUser } from './service.ts';

/**
 * The staff area's resources (decision 031), each exposed by registerCrudResource under
 * /api/admin/{table}. Levels follow docs/decisions/030-staff-permissions.md: operators (≤ 5)
 * read everything and keep clients, their users and invoices; supervisors (≤ 3) keep the
 * catalogue (products, plans, payment options, accounts, cities) and delete; admins (≤ 1) delete
 * catalogue roots and change staff levels.
 */
const { admin, supervisor, operator } = STAFF_LEVEL;

const produto: CrudResource = {
  path: '/admin/gl_produto',
  table: glProduto,
  levels: { read: operator, create: supervisor, update: supervisor, delete: admin },
  search: [glProduto.nome],
  create: ProdutoSaveSchema,
  update: ProdutoSaveSchema,
  dropdown: { text: sql<string>`${glProduto.nome}`, search: [glProduto.nome] },
};

const plano: CrudResource = {
  path: '/admin/gl_plano',
  table: glPlano,
  levels: { read: operator, create: supervisor, update: supervisor, delete: supervisor },
  columns: { ...getTableColumns(glPlano), produto_nome: sql<string>`${glProduto.nome}`.as('produto_nome') },
  joins: [{ table: glProduto, on: eq(glProduto.id, glPlano.gl_produto_id) }],
  search: [glPlano.nome, glPlano.nome_exibicao],
  filters: {
    schema: PlanoFilterSchema,
    where: (q) => [q.gl_produto_id ? eq(glPlano.gl_produto_id, Number(q.gl_produto_id)) : undefined],
  },
  order: [{ column: glPlano.gl_produto_id }, { column: glPlano.ordem }, { column: glPlano.id }],
  create: PlanoSaveSchema,
  update: PlanoSaveSchema,
  dropdown: { text: sql<string>`${glPlano.nome_exibicao}`, search: [glPlano.nome, glPlano.nome_exibicao] },
};

const planoPagamento: CrudResource = {
  path: '/admin/gl_plano_pagamento',
  table: glPlanoPagamento,
  levels: { read: operator, create: supervisor, update: supervisor, delete: supervisor },
  search: [glPlanoPagamento.cobranca_tipo_desc],
  filters: {
    schema: PlanoPagamentoFilterSchema,
    where: (q) => [q.gl_plano_id ? eq(glPlanoPagamento.gl_plano_id, Number(q.gl_plano_id)) : undefined],
  },
  order: [{ column: glPlanoPagamento.cobranca_tipo }, { column: glPlanoPagamento.id }],
  create: PlanoPagamentoCreateSchema,
  update: PlanoPagamentoUpdateSchema,
};

/** The webhook secret is sealed and never read back: the form sees whether there is one (issue 20). */
const { pix_webhook_segredo: _webhookSecret, ...contaColumns } = getTableColumns(pgConta);
const conta: CrudResource = {
  path: '/admin/pg_conta',
  table: pgConta,
  levels: { read: operator, create: supervisor, update: supervisor, delete: admin },
  columns: {
    ...contaColumns,
    tem_webhook_segredo: sql<boolean>`${pgConta.pix_webhook_segredo} is not null`.as('tem_webhook_segredo'),
  },
  search: [pgConta.nome, pgConta.nome_exibicao],
  create: ContaSaveSchema,
  update: ContaSaveSchema,
  // Issue 39: a PSP's notice names one account; a second holder of a key must be confirmed.
  uniqueErrors: { pg_conta_pix_chave_uq: { field: 'pix_chave', message: CONTA_MESSAGES.pixKeyTaken } },
  // §3 ready-made account dropdown: source /api/pg_conta.
  dropdown: {
    text: sql<string>`${pgConta.nome_exibicao}`,
    search: [pgConta.nome, pgConta.nome_exibicao],
    alsoAt: '/pg_conta',
  },
};

/** A company keeps no birth date (schema.ts check); the person type follows the document. */
function clienteValues(values: Record<string, unknown>) {
  const tipo_pessoa = documentKind(String(values.cpfcnpj)) === 'cnpj' ? 2 : 1;
  return { ...values, tipo_pessoa, ...(tipo_pessoa === 2 && { data_nascimento: null }) };
}

/** The search column is the server's own. */
const { busca: _clienteBusca, ...clienteColumns } = getTableColumns(glCliente);

const cliente: CrudResource = {
  path: '/admin/gl_cliente',
  table: glCliente,
  levels: { read: operator, create: operator, update: operator, delete: supervisor },
  columns: {
    ...clienteColumns,
    cidade_nome: sql<string | null>`case when ${glCidade.id} is null then null else ${glCidade.nome} || ' - ' || ${glEstado.sigla} end`.as('cidade_nome'),
  },
  joins: [
    { table: glCidade, on: eq(glCidade.id, glCliente.gl_cidade_id) },
    { table: glEstado, on: eq(glEstado.id, glCidade.gl_estado_id) },
  ],
  // Razão social, nome fantasia, CPF/CNPJ and e-mail, lowercased in one column (migration 0016).
  searchColumn: glCliente.busca,
  order: [{ column: glCliente.razao_social }, { column: glCliente.id }],
  create: ClienteSaveSchema,
  update: ClienteSaveSchema,
  prepare: (values, { current }) => ({
    ...clienteValues(values),
    // A new client gets its invoice link; an existing one keeps it (rotated by its own call).
    ...(current === null && { fatura_token: newInvoiceToken() }),
  }),
  dropdown: { text: sql<string>`${glCliente.razao_social}`, searchColumn: glCliente.busca },
};

/**
 * A person's link to a client gives them the client's data, plan changes and the `cliente` claim
 * applications trust: supervisors make and change links, never their own (issue 34, decision
 * 100, superseding decision 030's row); operators may still remove one.
 */
const clienteUsuario: CrudResource = {
  path: '/admin/gl_cliente_usuario',
  table: glClienteUsuario,
  levels: { read: operator, create: supervisor, update: supervisor, delete: operator },
  columns: {
    ...getTableColumns(glClienteUsuario),
    usuario_nome: sql<string>`${glUsuario.nome}`.as('usuario_nome'),
    usuario_email: sql<string>`${glUsuario.email}`.as('usuario_email'),
  },
  joins: [{ table: glUsuario, on: eq(glUsuario.id, glClienteUsuario.gl_usuario_id) }],
  search: [glUsuario.nome, glUsuario.email],
  filters: {
    schema: ClienteUsuarioFilterSchema,
    where: (q) => [q.gl_cliente_id ? eq(glClienteUsuario.gl_cliente_id, Number(q.gl_cliente_id)) : undefined],
  },
  order: [{ column: glClienteUsuario.nivel }, { column: glUsuario.nome }],
  create: ClienteUsuarioCreateSchema,
  update: ClienteUsuarioUpdateSchema,
  prepare: (values, { usuarioId, current }) => {
    const linked = Number(current?.gl_usuario_id ?? values.gl_usuario_id);
    if (linked === usuarioId) throw forbidden(ADMIN_MESSAGES.ownLink, 'own_link');
    return values;
  },
  audit: {
    target: (row) => Number(row.gl_usuario_id),
    values: ['gl_cliente_id', 'gl_usuario_id', 'nivel'],
  },
};

/** Never sent: the password hash and the 2FA secret; nor the server's search column. */
const { senha_hash: _hash, twofa_secret: _secret, busca: _usuarioBusca, ...usuarioColumns } = getTableColumns(glUsuario);

const usuario: CrudResource = {
  path: '/admin/gl_usuario',
  table: glUsuario,
  // People sign up themselves (§2); staff keep their records but do not create or delete them.
  levels: { read: operator, create: null, update: supervisor, delete: null },
  columns: usuarioColumns,
  // Name, e-mail and nickname, lowercased in one column (migration 0016).
  searchColumn: glUsuario.busca,
  order: [{ column: glUsuario.nome }, { column: glUsuario.id }],
  update: UsuarioUpdateSchema,
  prepare: async (values, { db, usuarioId, current }) => {
    await assertMayChangeUser(db, usuarioId, Number(current?.id));
    return values;
  },
  // Switched off: nothing they signed in to keeps working, applications included (decision 096).
  afterWrite: async (row, { db, current }) => {
    if (current?.ativo === true && row.ativo === false) await endUserAccess(db, Number(row.id));
  },
  audit: { target: (row) => Number(row.id), values: ['ativo'] },
  dropdown: {
    text: sql<string>`${glUsuario.nome} || ' <' || ${glUsuario.email} || '>'`,
    searchColumn: glUsuario.busca,
    // By name, as gl_usuario_nome_idx holds them: ordered by the text, every person was sorted.
    order: glUsuario.nome,
  },
};

/** An invoice's valor is the sum of its items (schema.ts). */
async function refreshInvoiceTotal(db: Queryable, faturaId: number) {
  await db
    .update(pgFatura)
    .set({
      valor: sql`(select coalesce(sum(${pgFaturaItem.valor}), 0) from ${pgFaturaItem} where ${pgFaturaItem.pg_fatura_id} = ${faturaId})`,
    })
    .where(eq(pgFatura.id, faturaId));
}

const fatura: CrudResource = {
  path: '/admin/pg_fatura',
  table: pgFatura,
  levels: { read: operator, create: operator, update: operator, delete: supervisor },
  columns: {
    ...getTableColumns(pgFatura),
    cliente_razao_social: sql<string>`${glCliente.razao_social}`.as('cliente_razao_social'),
    nf_numero: sql<string | null>`${pgNfse.nf_numero}`.as('nf_numero'),
    // Issue 39 item 6: the account the invoice is billed to (and so its PIX key and webhook
    // secret); a subquery by primary keys, run for the rows answered only.
    conta: sql<{ id: number; nome_exibicao: string; pix_chave: string | null; tem_webhook_segredo: boolean } | null>`(
      select json_build_object('id', k.id, 'nome_exibicao', k.nome_exibicao, 'pix_chave', k.pix_chave,
        'tem_webhook_segredo', k.pix_webhook_segredo is not null)
      from gl_contrato ct join pg_conta k on k.id = ct.pg_conta_id where ct.id = ${pgFatura.gl_contrato_id})`.as('conta'),
  },
  joins: [
    { table: glCliente, on: eq(glCliente.id, pgFatura.gl_cliente_id) },
    { table: pgNfse, on: eq(pgNfse.pg_fatura_id, pgFatura.id) },
  ],
  // The client's name or CPF/CNPJ, or the service text. Counted and found (when few) as two
  // disjoint parts: the invoices of the clients that match (the clients' trigram indexes, then
  // the invoices' client index), and the others whose service text matches (its trigram index).
  // EXISTS, not IN: with a count's limit it is a nested loop that stops once it has enough,
  // where IN was hashed over every matching client. Many matches are found walking the due-date
  // index, `search` checked on each invoice and its joined client.
  search: [glCliente.razao_social, glCliente.cpfcnpj, pgFatura.servico_discriminacao],
  searchParts: (pattern) => {
    const clients = sql`exists (select 1 from gl_cliente c where c.id = ${pgFatura.gl_cliente_id} and (c.razao_social ilike ${pattern} or c.cpfcnpj ilike ${pattern}))`;
    return [clients, sql`${pgFatura.servico_discriminacao} ilike ${pattern} and not ${clients}`];
  },
  filters: {
    schema: FaturaFilterSchema,
    where: (q) => [
      q.gl_cliente_id ? eq(pgFatura.gl_cliente_id, Number(q.gl_cliente_id)) : undefined,
      q.situacao ? eq(pgFatura.situacao, Number(q.situacao)) : undefined,
      typeof q.data_vencimento_inicio === 'string' ? gte(pgFatura.data_vencimento, q.data_vencimento_inicio) : undefined,
      typeof q.data_vencimento_fim === 'string' ? lte(pgFatura.data_vencimento, q.data_vencimento_fim) : undefined,
    ],
  },
  order: [{ column: pgFatura.data_vencimento, descending: true }, { column: pgFatura.id, descending: true }],
  create: FaturaSaveSchema,
  update: FaturaSaveSchema,
  prepare: (values, { current }) => {
    if (current?.situacao === SITUACAO.cancelada) throw conflict(BILLING_MESSAGES.cancelledReadOnly, 'cancelled_invoice');
    // Held (4) and cancelled (9) come from the billing (approval, 'Cancelar fatura'), never typed.
    const given = Number(values.situacao);
    if (!FATURA_SITUACOES.some((s) => s.id === given) && given !== Number(current?.situacao)) {
      throw fieldError('situacao', BILLING_MESSAGES.situacaoKept);
    }
    // New invoices start at 0.00; their items make the total.
    return current === null ? { ...values, valor: '0.00' } : values;
  },
  afterWrite: async (row, { db, deleted }) => {
    if (deleted && row.origem !== 'manual') throw conflict(BILLING_MESSAGES.notDeletable, 'billed_invoice');
    if (!deleted && row.origem === 'manual') await refreshInvoiceTotal(db, Number(row.id));
  },
};

const faturaItem: CrudResource = {
  path: '/admin/pg_fatura_item',
  table: pgFaturaItem,
  levels: { read: operator, create: operator, update: operator, delete: operator },
  search: [pgFaturaItem.descricao, pgFaturaItem.codigo],
  filters: {
    schema: FaturaChildFilterSchema,
    where: (q) => [q.pg_fatura_id ? eq(pgFaturaItem.pg_fatura_id, Number(q.pg_fatura_id)) : undefined],
  },
  create: FaturaItemCreateSchema,
  update: FaturaItemUpdateSchema,
  afterWrite: async (row, { db, current }) => {
    // The billing run's invoices keep the items they were issued with (decision 102); the
    // invoice the item was on before an update counts too.
    await refuseBilledItems(db, Number(row.pg_fatura_id));
    if (current && current.pg_fatura_id !== row.pg_fatura_id) await refuseBilledItems(db, Number(current.pg_fatura_id));
    await refreshInvoiceTotal(db, Number(row.pg_fatura_id));
  },
};

/** A correction of a billed invoice is its cancellation plus a new one, never an edit of its items. */
async function refuseBilledItems(db: Queryable, faturaId: number) {
  const [invoice] = await db.select({ origem: pgFatura.origem }).from(pgFatura).where(eq(pgFatura.id, faturaId));
  if (invoice && invoice.origem !== 'manual') throw conflict(BILLING_MESSAGES.readOnlyItems, 'billed_items');
}

const nfse: CrudResource = {
  path: '/admin/pg_nfse',
  table: pgNfse,
  levels: { read: operator, create: operator, update: operator, delete: supervisor },
  search: [pgNfse.nf_numero],
  filters: {
    schema: FaturaChildFilterSchema,
    where: (q) => [q.pg_fatura_id ? eq(pgNfse.pg_fatura_id, Number(q.pg_fatura_id)) : undefined],
  },
  create: NfseCreateSchema,
  update: NfseUpdateSchema,
  uploads: {
    pdf: { accept: ['pdf'], maxBytes: NFSE_FILE_MAX_BYTES },
    xml: { accept: ['xml'], maxBytes: NFSE_FILE_MAX_BYTES },
  },
};

const cidade: CrudResource = {
  path: '/admin/gl_cidade',
  table: glCidade,
  // IBGE reference data: names may be corrected, municipalities are not made or removed here.
  levels: { read: operator, create: null, update: supervisor, delete: null },
  columns: { ...getTableColumns(glCidade), estado_sigla: sql<string>`${glEstado.sigla}`.as('estado_sigla') },
  joins: [{ table: glEstado, on: eq(glEstado.id, glCidade.gl_estado_id) }],
  search: [glCidade.nome, glCidade.nome_busca, glEstado.sigla],
  order: [{ column: glCidade.nome_busca }, { column: glEstado.sigla }],
  update: CidadeUpdateSchema,
  prepare: (values) => ({ ...values, nome_busca: nomeBusca(String(values.nome)) }),
};

const contratoEvento: CrudResource = {
  path: '/admin/gl_contrato_evento',
  table: glContratoEvento,
  // Read-only here: a pending change is cancelled by its own call (routes.ts).
  levels: { read: operator, create: null, update: null, delete: null },
  columns: {
    ...getTableColumns(glContratoEvento),
    cliente_razao_social: sql<string>`${glCliente.razao_social}`.as('cliente_razao_social'),
    plano_nome_exibicao: sql<string>`${glPlano.nome_exibicao}`.as('plano_nome_exibicao'),
    cobranca_tipo_desc: sql<string>`${glPlanoPagamento.cobranca_tipo_desc}`.as('cobranca_tipo_desc'),
    conta_nome_exibicao: sql<string | null>`${pgConta.nome_exibicao}`.as('conta_nome_exibicao'),
    // The proofs sent with the change (downloaded through routes.ts), oldest first.
    comprovantes: sql<PlanChangeProof[]>`coalesce((
      select json_agg(json_build_object('id', ${glArquivo.id}, 'nome_original', ${glArquivo.nome_original}) order by ${glArquivo.id})
      from ${glContratoEventoArquivo}
      join ${glArquivo} on ${glArquivo.id} = ${glContratoEventoArquivo.gl_arquivo_id}
      where ${glContratoEventoArquivo.gl_contrato_evento_id} = ${glContratoEvento.id}
    ), '[]'::json)`.as('comprovantes'),
  },
  joins: [
    { table: glContrato, on: eq(glContrato.id, glContratoEvento.gl_contrato_id) },
    { table: glCliente, on: eq(glCliente.id, glContrato.gl_cliente_id) },
    { table: glPlano, on: eq(glPlano.id, glContratoEvento.gl_plano_id) },
    { table: glPlanoPagamento, on: eq(glPlanoPagamento.id, glContratoEvento.gl_plano_pagamento_id) },
    { table: pgConta, on: eq(pgConta.id, glContratoEvento.pg_conta_id) },
  ],
  search: [glCliente.razao_social, glPlano.nome_exibicao],
  filters: {
    schema: ContratoEventoFilterSchema,
    where: (q) => [typeof q.situacao === 'string' && q.situacao ? eq(glContratoEvento.situacao, q.situacao) : undefined],
  },
  order: [{ column: glContratoEvento.agendamento_data }, { column: glContratoEvento.id, descending: true }],
};

/**
 * A product's applications that sign people in through the portal (OpenID Connect, decision
 * 087). The client id is made here; the secret only by its own action (admin routes), and its
 * hash is never read back: the list and the form see whether there is one.
 */
const { segredo_hash: _segredo, ...oidcClienteColumns } = getTableColumns(glOidcCliente);
const oidcCliente: CrudResource = {
  path: '/admin/gl_oidc_cliente',
  table: glOidcCliente,
  levels: { read: operator, create: supervisor, update: supervisor, delete: supervisor },
  columns: {
    ...oidcClienteColumns,
    tem_segredo: sql<boolean>`${glOidcCliente.segredo_hash} is not null`.as('tem_segredo'),
  },
  search: [glOidcCliente.nome, glOidcCliente.client_id],
  filters: {
    schema: OidcClienteFilterSchema,
    where: (q) => [q.gl_produto_id ? eq(glOidcCliente.gl_produto_id, Number(q.gl_produto_id)) : undefined],
  },
  create: OidcClienteCreateSchema,
  update: OidcClienteUpdateSchema,
  prepare: async (values, { current, isProduction }) => {
    // In production the portal calls back-channel logout URIs on public addresses only (decision 087).
    if (isProduction) await assertPublicBackchannelUri(values.backchannel_logout_uri);
    return current === null ? { ...values, client_id: newClientId() } : values;
  },
  audit: { values: ['primeira_parte', 'ativo', 'redirect_uris', 'backchannel_logout_uri'] },
};

/**
 * The people's privacy requests (issue 19): read-only for staff, who follow their state and see
 * what a deletion left behind (clients without a manager). The export file is never listed.
 */
const privacidadePedido: CrudResource = {
  path: '/admin/gl_privacidade_pedido',
  table: glPrivacidadePedido,
  levels: { read: operator, create: null, update: null, delete: null },
  columns: {
    id: glPrivacidadePedido.id,
    datahora_criado: glPrivacidadePedido.datahora_criado,
    datahora_modificado: glPrivacidadePedido.datahora_modificado,
    gl_usuario_id: glPrivacidadePedido.gl_usuario_id,
    usuario_nome: sql<string>`${glUsuario.nome}`.as('usuario_nome'),
    usuario_email: sql<string>`${glUsuario.email}`.as('usuario_email'),
    tipo: glPrivacidadePedido.tipo,
    situacao: glPrivacidadePedido.situacao,
    datahora_agendado: glPrivacidadePedido.datahora_agendado,
    datahora_expira: glPrivacidadePedido.datahora_expira,
    datahora_concluido: glPrivacidadePedido.datahora_concluido,
    observacao: glPrivacidadePedido.observacao,
  },
  joins: [{ table: glUsuario, on: eq(glUsuario.id, glPrivacidadePedido.gl_usuario_id) }],
  search: [glUsuario.nome, glUsuario.email],
  filters: {
    schema: PrivacidadePedidoFilterSchema,
    where: (q) => [typeof q.tipo === 'string' && q.tipo ? eq(glPrivacidadePedido.tipo, q.tipo) : undefined],
  },
  order: [{ column: glPrivacidadePedido.id, descending: true }],
};

/**
 * The PIX payments the PSP notified (issue 20): read-only for staff, who follow up what paid
 * nothing (a different amount, an unknown reference, an invoice already paid).
 */
const pixRecebimento: CrudResource = {
  path: '/admin/pg_pix_recebimento',
  table: pgPixRecebimento,
  levels: { read: operator, create: null, update: null, delete: null },
  columns: {
    ...getTableColumns(pgPixRecebimento),
    conta_nome: sql<string>`${pgConta.nome_exibicao}`.as('conta_nome'),
    cliente_nome: sql<string | null>`${glCliente.razao_social}`.as('cliente_nome'),
  },
  joins: [
    { table: pgConta, on: eq(pgConta.id, pgPixRecebimento.pg_conta_id) },
    { table: pgFatura, on: eq(pgFatura.id, pgPixRecebimento.pg_fatura_id) },
    { table: glCliente, on: eq(glCliente.id, pgFatura.gl_cliente_id) },
  ],
  search: [pgPixRecebimento.end_to_end_id, pgPixRecebimento.txid, glCliente.razao_social],
  order: [{ column: pgPixRecebimento.id, descending: true }],
};

/** The legal pages' versions: staff publish a new one; a published version is never changed. */
const documentoVersao: CrudResource = {
  path: '/admin/gl_documento_versao',
  table: glDocumentoVersao,
  levels: { read: operator, create: supervisor, update: null, delete: null },
  search: [glDocumentoVersao.versao],
  create: DocumentoVersaoCreateSchema,
  order: [{ column: glDocumentoVersao.datahora_publicado, descending: true }, { column: glDocumentoVersao.id, descending: true }],
};

/**
 * Contracts, read-only (decision 102): their plan, period and how far they are billed, for
 * Faturamento's 'Emitir agora'. Their changes go through the plan change (§4).
 */
const contrato: CrudResource = {
  path: '/admin/gl_contrato',
  table: glContrato,
  levels: { read: operator, create: null, update: null, delete: null },
  columns: {
    ...getTableColumns(glContrato),
    cliente_razao_social: sql<string>`${glCliente.razao_social}`.as('cliente_razao_social'),
    plano_nome: sql<string>`${glPlano.nome_exibicao}`.as('plano_nome'),
    cobranca_tipo_desc: sql<string>`${glPlanoPagamento.cobranca_tipo_desc}`.as('cobranca_tipo_desc'),
    valor: sql<string>`${glPlanoPagamento.valor}`.as('valor'),
  },
  joins: [
    { table: glCliente, on: eq(glCliente.id, glContrato.gl_cliente_id) },
    { table: glPlano, on: eq(glPlano.id, glContrato.gl_plano_id) },
    { table: glPlanoPagamento, on: eq(glPlanoPagamento.id, glContrato.gl_plano_pagamento_id) },
  ],
  search: [glCliente.razao_social, glCliente.cpfcnpj, glPlano.nome_exibicao],
  filters: {
    schema: ContratoFilterSchema,
    where: (q) => [
      q.gl_cliente_id ? eq(glContrato.gl_cliente_id, Number(q.gl_cliente_id)) : undefined,
      eq(glContrato.ativo, true),
    ],
  },
  order: [{ column: glContrato.proxima_competencia }, { column: glContrato.id }],
};

/** The billing runs that did something (Administração → Faturamento), newest first. */
const faturamentoExecucao: CrudResource = {
  path: '/admin/pg_faturamento_execucao',
  table: pgFaturamentoExecucao,
  levels: { read: operator, create: null, update: null, delete: null },
  // The kind ('automatico', 'manual') and the last error ('Contrato 123: …'), what staff look for.
  search: [pgFaturamentoExecucao.tipo, pgFaturamentoExecucao.ultimo_erro],
  order: [{ column: pgFaturamentoExecucao.datahora_inicio, descending: true }, { column: pgFaturamentoExecucao.id, descending: true }],
};

/**
 * Administração → Cobrança bancária (issue 40): the remessa and retorno files, newest first,
 * without their contents (downloaded one by one), and each occurrence the bank reported.
 */
const remessa: CrudResource = {
  path: '/admin/pg_remessa',
  table: pgRemessa,
  levels: { read: operator, create: null, update: null, delete: null },
  columns: {
    id: pgRemessa.id,
    datahora_criado: pgRemessa.datahora_criado,
    pg_conta_id: pgRemessa.pg_conta_id,
    numero: pgRemessa.numero,
    quantidade: pgRemessa.quantidade,
    conta_nome: sql<string>`${pgConta.nome_exibicao}`.as('conta_nome'),
  },
  joins: [{ table: pgConta, on: eq(pgConta.id, pgRemessa.pg_conta_id) }],
  search: [pgConta.nome_exibicao],
  order: [{ column: pgRemessa.id, descending: true }],
};

const retorno: CrudResource = {
  path: '/admin/pg_retorno',
  table: pgRetorno,
  levels: { read: operator, create: null, update: null, delete: null },
  columns: {
    id: pgRetorno.id,
    datahora_criado: pgRetorno.datahora_criado,
    pg_conta_id: pgRetorno.pg_conta_id,
    numero: pgRetorno.numero,
    nome_arquivo: pgRetorno.nome_arquivo,
    registrados: pgRetorno.registrados,
    liquidados: pgRetorno.liquidados,
    rejeitados: pgRetorno.rejeitados,
    atencao: pgRetorno.atencao,
    outras: pgRetorno.outras,
    conta_nome: sql<string>`${pgConta.nome_exibicao}`.as('conta_nome'),
  },
  joins: [{ table: pgConta, on: eq(pgConta.id, pgRetorno.pg_conta_id) }],
  search: [pgRetorno.nome_arquivo, pgConta.nome_exibicao],
  order: [{ column: pgRetorno.id, descending: true }],
};

const retornoOcorrencia: CrudResource = {
  path: '/admin/pg_retorno_ocorrencia',
  table: pgRetornoOcorrencia,
  levels: { read: operator, create: null, update: null, delete: null },
  columns: {
    ...getTableColumns(pgRetornoOcorrencia),
    conta_nome: sql<string>`${pgConta.nome_exibicao}`.as('conta_nome'),
    cliente_nome: sql<string | null>`${glCliente.razao_social}`.as('cliente_nome'),
  },
  joins: [
    { table: pgConta, on: eq(pgConta.id, pgRetornoOcorrencia.pg_conta_id) },
    { table: pgFatura, on: eq(pgFatura.id, pgRetornoOcorrencia.pg_fatura_id) },
    { table: glCliente, on: eq(glCliente.id, pgFatura.gl_cliente_id) },
  ],
  // What staff look for: a nosso número, a client, the bank's words ('rejeitada'), a result.
  search: [pgRetornoOcorrencia.nosso_numero, glCliente.razao_social, pgRetornoOcorrencia.descricao, pgRetornoOcorrencia.resultado],
  order: [{ column: pgRetornoOcorrencia.id, descending: true }],
};

/**
 * Administração → Cancelamentos (issue 41): the subscriptions cancelled online with their
 * reasons, newest first, and the invoices to refund of those withdrawn (CDC art. 49).
 */
const cancelamento: CrudResource = {
  path: '/admin/gl_contrato_cancelamento',
  table: glContratoCancelamento,
  levels: { read: operator, create: null, update: null, delete: null },
  columns: {
    ...getTableColumns(glContratoCancelamento),
    cliente_razao_social: sql<string>`${glCliente.razao_social}`.as('cliente_razao_social'),
    plano_nome: sql<string>`${glPlano.nome_exibicao}`.as('plano_nome'),
  },
  joins: [
    { table: glCliente, on: eq(glCliente.id, glContratoCancelamento.gl_cliente_id) },
    { table: glContrato, on: eq(glContrato.id, glContratoCancelamento.gl_contrato_id) },
    { table: glPlano, on: eq(glPlano.id, glContrato.gl_plano_id) },
  ],
  search: [glContratoCancelamento.protocolo, glCliente.razao_social, glContratoCancelamento.motivo_texto],
  order: [{ column: glContratoCancelamento.id, descending: true }],
};

const reembolso: CrudResource = {
  path: '/admin/pg_fatura_reembolso',
  table: pgFaturaReembolso,
  levels: { read: operator, create: null, update: null, delete: null },
  columns: {
    ...getTableColumns(pgFaturaReembolso),
    protocolo: sql<string>`${glContratoCancelamento.protocolo}`.as('protocolo'),
    cliente_razao_social: sql<string>`${glCliente.razao_social}`.as('cliente_razao_social'),
    data_vencimento: sql<string>`${pgFatura.data_vencimento}`.as('data_vencimento'),
  },
  joins: [
    { table: glContratoCancelamento, on: eq(glContratoCancelamento.id, pgFaturaReembolso.gl_contrato_cancelamento_id) },
    { table: glCliente, on: eq(glCliente.id, glContratoCancelamento.gl_cliente_id) },
    { table: pgFatura, on: eq(pgFatura.id, pgFaturaReembolso.pg_fatura_id) },
  ],
  search: [glCliente.razao_social, glContratoCancelamento.protocolo],
  // The ones still to refund first.
  order: [{ column: pgFaturaReembolso.situacao, descending: false }, { column: pgFaturaReembolso.id, descending: true }],
};

/** The person who acted and the person concerned, both read from gl_usuario. */
const alvo = alias(glUsuario, 'alvo');

/** The instant a São Paulo calendar day starts (the filter's dates are the staff's days). */
const dayStart = (date: string) => instantOnSaoPauloClock(date, 0, 0);

/**
 * Administração → Auditoria (decision 099): the trail, newest first, read by supervisors and
 * above; no operation writes it here (the table refuses updates and deletes anyway).
 */
const auditoria: CrudResource = {
  path: '/admin/gl_auditoria',
  table: glAuditoria,
  levels: { read: supervisor, create: null, update: null, delete: null },
  columns: {
    ...getTableColumns(glAuditoria),
    usuario_nome: sql<string | null>`${glUsuario.nome}`.as('usuario_nome'),
    alvo_nome: sql<string | null>`${alvo.nome}`.as('alvo_nome'),
  },
  joins: [
    { table: glUsuario, on: eq(glUsuario.id, glAuditoria.gl_usuario_id) },
    { table: alvo, on: eq(alvo.id, glAuditoria.alvo_usuario_id) },
  ],
  search: [glAuditoria.recurso, glAuditoria.acao, glAuditoria.recurso_id],
  filters: {
    schema: AuditoriaFilterSchema,
    where: (q) => {
      const person = q.gl_usuario_id ? Number(q.gl_usuario_id) : null;
      const from = typeof q.data_inicio === 'string' ? dayStart(q.data_inicio) : null;
      const to = typeof q.data_fim === 'string' ? dayStart(addDays(q.data_fim, 1)) : null;
      return [
        person ? or(eq(glAuditoria.gl_usuario_id, person), eq(glAuditoria.alvo_usuario_id, person)) : undefined,
        typeof q.recurso === 'string' && q.recurso ? eq(glAuditoria.recurso, q.recurso) : undefined,
        from ? gte(glAuditoria.datahora, from) : undefined,
        to ? lt(glAuditoria.datahora, to) : undefined,
      ];
    },
  },
  order: [{ column: glAuditoria.datahora, descending: true }, { column: glAuditoria.id, descending: true }],
};

export const ADMIN_RESOURCES: readonly CrudResource[] = [
  produto,
  plano,
  planoPagamento,
  conta,
  cliente,
  clienteUsuario,
  usuario,
  fatura,
  faturaItem,
  nfse,
  cidade,
  contratoEvento,
  oidcCliente,
  privacidadePedido,
  documentoVersao,
  pixRecebimento,
  remessa,
  retorno,
  retornoOcorrencia,
  cancelamento,
  reembolso,
  auditoria,
  contrato,
  faturamentoExecucao,
];
