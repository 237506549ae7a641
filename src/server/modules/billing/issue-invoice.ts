import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { fromCents, formatDate, formatMoney, toCents } from '#shared/format';
import { dueDate, isDueDateRule } from '#shared/due-date';
import { pixPayload } from '#shared/pix/br-code';
import { SITUACAO } from '#shared/schemas/invoices';
import type { Queryable } from '../../platform/db/database.ts';
import {
  glCliente,
  glClienteUsuario,
  glContrato,
  glContratoAjuste,
  glProduto,
  pgConta,
  pgFatura,
  pgFaturaItem,
  glUsuario,
} from '../../platform/db/schema.ts';
import { enqueueMails } from '../../platform/mail/outbox.ts';
import { invoiceApprovalMail, invoiceIssuedMail } from './mails.ts';
import { hashToken, randomToken } from '../../platform/session/tokens.ts';
import { invoiceEmailRecipient, invoiceListUrl, invoiceTxid, mailBoleto } from '../invoices/index.ts';
import { LEVEL_ACCOUNT_MANAGER } from '#shared/levels';
import type { ProductBilling, ReadCache } from './read-cache.ts';
import { makeBoletos } from '../boleto/index.ts';
import { carriedCreditLines, sumCents, type PriceLine } from './pricing.ts';

/** What issuing needs besides the data: the provider's name and address, and the day. */
export interface IssueContext {
  providerName: string;
  publicUrl: string;
  now: Date;
  /** Today in São Paulo ('YYYY-MM-DD'). */
  today: string;
  /** A run's cache of options and products. */
  cache?: ReadCache;
}

type Contract = typeof glContrato.$inferSelect;
type Adjustment = typeof glContratoAjuste.$inferSelect;

/** The product's due-date rule and approval hold (decision 102), from the run's cache when it has it. */
export async function productBilling(db: Queryable, produtoId: number, cache?: ReadCache): Promise<ProductBilling> {
  const cached = cache?.products.get(produtoId);
  if (cached) return cached;
  const [row] = await db
    .select({
      nome: glProduto.nome,
      tipo: glProduto.fatura_vencimento_tipo,
      valor: glProduto.fatura_vencimento_valor,
      aprovacao: glProduto.fatura_aprovacao,
    })
    .from(glProduto)
    .where(eq(glProduto.id, produtoId));
  if (!row) throw new Error(`gl_produto ${produtoId} not found`);
  const rule =
    row.tipo === 'dia_mes' ? { tipo: 'dia_mes', dia: row.valor } : { tipo: 'dias_apos_emissao', dias: row.valor };
  if (!isDueDateRule(rule)) throw new Error(`gl_produto ${produtoId}: invalid due-date rule`);
  const product = { nome: row.nome, rule, ruleKey: JSON.stringify(rule), aprovacao: row.aprovacao };
  cache?.products.set(produtoId, product);
  return product;
}

/** The contract's adjustments no invoice has taken yet, locked for this transaction. */
export function openAdjustments(tx: Queryable, contratoId: number): Promise<Adjustment[]> {
  return tx
    .select()
    .from(glContratoAjuste)
    .where(and(eq(glContratoAjuste.gl_contrato_id, contratoId), isNull(glContratoAjuste.pg_fatura_id)))
    .orderBy(asc(glContratoAjuste.id))
    .for('update');
}

export const adjustmentLine = (adjustment: Adjustment): PriceLine => ({
  codigo: 'AJUSTE',
  descricao: adjustment.descricao,
  unidade: adjustment.unidade,
  qtde: adjustment.qtde === null ? null : Number(adjustment.qtde),
  cents: toCents(adjustment.valor) ?? 0,
});

/** An invoice to write: a period's, or the adjustments' alone. */
export interface InvoiceSpec {
  origem: 'recorrente' | 'ajuste';
  /** The period billed (a period invoice). */
  period: { start: string; end: string } | null;
  gl_plano_pagamento_id: number | null;
  /** The lines before the contract's open adjustments. */
  lines: PriceLine[];
  adjustments: Adjustment[];
  discriminacao: string;
}

export interface IssuedInvoice {
  id: number;
  cents: number;
  situacao: number;
  vencimento: string;
}

/** An invoice decided but not yet written: what writeInvoices puts in the database. */
export interface InvoiceDraft {
  contract: Contract;
  spec: InvoiceSpec;
  lines: PriceLine[];
  /** A credit above the invoice's charges, carried to the next one. */
  carried: ReturnType<typeof carriedCreditLines>;
  cents: number;
  situacao: number;
  vencimento: string;
  approvalToken: string | null;
}

/**
 * Decides an invoice of the contract (decision 102): its lines with the open adjustments, a
 * credit above its charges carried, the due date by the product's rule, and whether it waits for
 * the manager's approval. Reads nothing.
 */
export function draftInvoice(
  contract: Contract,
  spec: InvoiceSpec,
  product: ProductBilling,
  context: IssueContext,
): InvoiceDraft {
  const lines = [...spec.lines, ...spec.adjustments.map(adjustmentLine)];
  const carried = carriedCreditLines(sumCents(lines));
  if (carried) lines.push(carried.onInvoice);
  const cents = sumCents(lines);
  const periodStart = spec.period?.start ?? context.today;
  const vencimento = remembered(context.cache?.dueDates, `${product.ruleKey}|${context.today}|${periodStart}`, () =>
    dueDate(product.rule, { issueDay: context.today, periodStart }),
  );
  const approvalToken = product.aprovacao && cents > 0 ? randomToken() : null;
  const situacao =
    cents === 0 ? SITUACAO.paga : approvalToken ? SITUACAO.aguardandoAprovacao : SITUACAO.fechada;
  return { contract, spec, lines, carried, cents, situacao, vencimento, approvalToken };
}

const remembered = (memo: Map<string, string> | undefined, key: string, compute: () => string): string => {
  const known = memo?.get(key);
  if (known !== undefined) return known;
  const value = compute();
  memo?.set(key, value);
  return value;
};

/** Writes one invoice of the contract (see writeInvoices), in the caller's transaction. */
export async function writeInvoice(
  tx: Queryable,
  contract: Contract,
  spec: InvoiceSpec,
  context: IssueContext,
): Promise<IssuedInvoice> {
  const product = await productBilling(tx, contract.gl_produto_id, context.cache);
  const [issued] = await writeInvoices(tx, [draftInvoice(contract, spec, product, context)], context);
  if (!issued) throw new Error('pg_fatura: nothing written');
  return issued;
}

/**
 * Writes the invoices with their items, marks the adjustments they take, carries the credits
 * above their charges to the next ones, and puts their notices (or, where the product holds
 * invoices for approval, the approval requests) in the outbox: all in the caller's transaction,
 * which also moves the contracts' billing forward (decision 102). A statement per table for all
 * of them, not per invoice: a run's cost is its round trips to the database.
 */
export async function writeInvoices(
  tx: Queryable,
  drafts: readonly InvoiceDraft[],
  context: IssueContext,
): Promise<IssuedInvoice[]> {
  if (drafts.length === 0) return [];
  // The ids first, so that the items and the notices (the PIX txid) are written with them.
  const ids = await allocateInvoiceIds(tx, drafts.length);
  const issued = drafts.map((draft, index) => ({
    id: ids[index]!,
    cents: draft.cents,
    situacao: draft.situacao,
    vencimento: draft.vencimento,
  }));
  await tx.insert(pgFatura).values(
    drafts.map((draft, index) => ({
      id: ids[index]!,
      gl_cliente_id: draft.contract.gl_cliente_id,
      gl_contrato_id: draft.contract.id,
      situacao: draft.situacao,
      data_vencimento: draft.vencimento,
      datahora_confirmado: draft.cents === 0 ? context.now : null,
      valor: fromCents(draft.cents),
      servico_discriminacao: draft.spec.discriminacao,
      data_competencia: draft.spec.period?.start ?? null,
      periodo_fim: draft.spec.period?.end ?? null,
      origem: draft.spec.origem,
      gl_plano_pagamento_id: draft.spec.gl_plano_pagamento_id,
      aprovacao_token_hash: draft.approvalToken ? hashToken(draft.approvalToken) : null,
    })),
  );
  await tx.insert(pgFaturaItem).values(
    drafts.flatMap((draft, index) =>
      draft.lines.map((line) => ({
        pg_fatura_id: ids[index]!,
        codigo: line.codigo,
        descricao: line.descricao,
        unidade: line.unidade,
        qtde: line.qtde === null ? null : String(line.qtde),
        valor: fromCents(line.cents),
      })),
    ),
  );
  for (const [index, draft] of drafts.entries()) {
    for (const adjustment of draft.spec.adjustments) {
      await tx
        .update(glContratoAjuste)
        .set({ pg_fatura_id: ids[index]! })
        .where(and(eq(glContratoAjuste.id, adjustment.id), isNull(glContratoAjuste.pg_fatura_id)));
    }
  }
  const carried = drafts.flatMap((draft) =>
    draft.carried
      ? [{ gl_contrato_id: draft.contract.id, descricao: draft.carried.carried.descricao, valor: fromCents(draft.carried.carried.cents) }]
      : [],
  );
  if (carried.length > 0) await tx.insert(glContratoAjuste).values(carried);
  // An invoice issued gets its notice, one held for approval the request; a paid one (nothing to pay) neither.
  const notices = drafts.flatMap((draft, index): Notice[] =>
    draft.approvalToken || draft.situacao === SITUACAO.fechada
      ? [
          {
            invoice: issued[index]!,
            clienteId: draft.contract.gl_cliente_id,
            contaId: draft.contract.pg_conta_id,
            approvalToken: draft.approvalToken,
          },
        ]
      : [],
  );
  await queueNotices(tx, notices, context);
  return issued;
}

/** `count` new ids of pg_fatura's identity, in one statement. */
async function allocateInvoiceIds(tx: Queryable, count: number): Promise<number[]> {
  const rows = (await tx.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('pg_fatura', 'id'))::int as id from generate_series(1, ${count}::int)`,
  )) as { rows: { id: number }[] };
  return rows.rows.map((row) => Number(row.id));
}

/** Who gets a client's invoice e-mails. */
interface ClientRecipients {
  razaoSocial: string;
  /** Its invoice list's token (§2 /cliente/{token}/fatura). */
  token: string;
  /** Its active managers (§6: level ≤ 10), the only ones who may approve an invoice. */
  managers: { nome: string; email: string }[];
  /** Its e-mail for invoices (issue 41 item 2), gl_cliente.email_fatura. */
  emailFatura: string | null;
}

/**
 * Of each client: its name, invoice-list token, active managers and e-mail for invoices, in one
 * read. From the client, so that one with an e-mail for invoices and no active manager still has it.
 */
async function recipientsOf(tx: Queryable, clienteIds: readonly number[]): Promise<Map<number, ClientRecipients>> {
  const rows = await tx
    .select({
      clienteId: glCliente.id,
      razaoSocial: glCliente.razao_social,
      token: glCliente.fatura_token,
      emailFatura: glCliente.email_fatura,
      nome: glUsuario.nome,
      email: glUsuario.email,
    })
    .from(glCliente)
    .leftJoin(
      glClienteUsuario,
      and(eq(glClienteUsuario.gl_cliente_id, glCliente.id), lte(glClienteUsuario.nivel, LEVEL_ACCOUNT_MANAGER)),
    )
    .leftJoin(glUsuario, and(eq(glUsuario.id, glClienteUsuario.gl_usuario_id), eq(glUsuario.ativo, true)))
    .where(inArray(glCliente.id, [...clienteIds]))
    .orderBy(asc(glCliente.id), asc(glClienteUsuario.id));
  const byClient = new Map<number, ClientRecipients>();
  for (const row of rows) {
    let client = byClient.get(row.clienteId);
    if (!client) {
      client = { razaoSocial: row.razaoSocial, token: row.token, emailFatura: row.emailFatura, managers: [] };
      byClient.set(row.clienteId, client);
    }
    // A link of an inactive person joins no user.
    if (row.nome !== null && row.email !== null) client.managers.push({ nome: row.nome, email: row.email });
  }
  return byClient;
}

/** Of each account: what paying by PIX needs, when it has a key; whether it issues boletos. */
async function paymentAccounts(tx: Queryable, contaIds: readonly number[]) {
  type PaymentAccount = { pix: { chave: string; nome: string; cidade: string } | null; boleto: boolean };
  if (contaIds.length === 0) return new Map<number, PaymentAccount>();
  const rows = await tx
    .select({
      id: pgConta.id,
      chave: pgConta.pix_chave,
      nome: pgConta.pix_nome,
      cidade: pgConta.pix_cidade,
      banco: pgConta.boleto_banco,
    })
    .from(pgConta)
    .where(inArray(pgConta.id, [...contaIds]));
  return new Map(
    rows.map((row): [number, PaymentAccount] => [
      row.id,
      {
        pix: row.chave && row.nome && row.cidade ? { chave: row.chave, nome: row.nome, cidade: row.cidade } : null,
        boleto: row.banco !== null,
      },
    ]),
  );
}

/** An invoice whose managers are to be told: issued (the notice) or held (the approval request). */
export interface Notice {
  invoice: IssuedInvoice;
  clienteId: number;
  /** The contract's payment account, for the PIX copia-e-cola. */
  contaId: number | null;
  /** The approval link's token, for an invoice held for approval. */
  approvalToken: string | null;
}

/**
 * The issue notice (issue 35): to each manager of the client (level ≤ 10) and to its e-mail for
 * invoices (issue 41 item 2), with the amount, the due date, the invoice list's link and the PIX
 * copia-e-cola when the account has a key; for a held invoice, the approval request with its
 * single-use link, to the managers alone (only they may approve; the notice follows the approval).
 * An invoice going out on an account that issues boletos gets its boleto here, in the caller's
 * transaction (issue 40): it takes its nosso número at once, and the notice tells of it (just
 * made, it is 'em registro'). One read of the recipients and one insert into the outbox for all
 * the invoices.
 */
export async function queueNotices(
  tx: Queryable,
  notices: readonly Notice[],
  context: Pick<IssueContext, 'providerName' | 'publicUrl'>,
): Promise<void> {
  if (notices.length === 0) return;
  const recipients = await recipientsOf(tx, [...new Set(notices.map((notice) => notice.clienteId))]);
  const contaIds = [...new Set(notices.flatMap((notice) => (notice.contaId === null ? [] : [notice.contaId])))];
  const accounts = await paymentAccounts(tx, contaIds);
  const boletos = await makeBoletos(
    tx,
    notices.flatMap(({ invoice, contaId, approvalToken }) =>
      approvalToken === null && contaId !== null && accounts.get(contaId)?.boleto
        ? [{ id: invoice.id, valor: fromCents(invoice.cents), vencimento: invoice.vencimento, contaId }]
        : [],
    ),
  );
  const boletoOf = new Map(boletos.map((boleto) => [boleto.pg_fatura_id, mailBoleto(boleto.situacao, boleto.linha_digitavel)]));
  const mails = notices.flatMap(({ invoice, clienteId, contaId, approvalToken }) => {
    const valor = fromCents(invoice.cents);
    const pix = contaId === null ? null : (accounts.get(contaId)?.pix ?? null);
    const pixCopiaECola = pix ? pixPayload({ ...pix, valor, txid: invoiceTxid(invoice.id) }) : null;
    const approvalUrl = approvalToken
      ? new URL(`/fatura/faturaEmitida/${approvalToken}`, `${context.publicUrl}/`).toString()
      : null;
    const client = recipients.get(clienteId);
    if (!client) return [];
    const to = approvalUrl
      ? client.managers
      : [...client.managers, ...invoiceEmailRecipient(client.emailFatura, client.razaoSocial, client.managers)];
    return to.map((recipient) => {
      const common = {
        providerName: context.providerName,
        nome: recipient.nome,
        razaoSocial: client.razaoSocial,
        valor: formatMoney(valor),
        vencimento: formatDate(invoice.vencimento),
      };
      const mail = approvalUrl
        ? invoiceApprovalMail({ ...common, approvalUrl })
        : invoiceIssuedMail({
            ...common,
            invoicesUrl: invoiceListUrl(context.publicUrl, client.token),
            pixCopiaECola,
            boleto: boletoOf.get(invoice.id) ?? null,
          });
      return { to: recipient.email, ...mail };
    });
  });
  await enqueueMails(tx, mails);
}
