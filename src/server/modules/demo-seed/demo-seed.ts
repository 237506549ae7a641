/**
 * Demo data: products, plans, payment accounts, three clients, four users, contracts and a year
 * of invoices with NFS-e (their PDF and XML files go through FileStorage). It goes only into a
 * database with no users, in one transaction; the caller decides whether to run it at all (never
 * in production).
 */
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { addCalendarMonths, addDays, instantOnSaoPauloClock, periodEnd, periodOf, todayInSaoPaulo } from '#shared/dates';
import { hashPassword } from '#server/platform/crypto/password';
import { buildChaveAcesso, newInvoiceToken, registrarNfse } from '../invoices/index.ts';
import { runBilling } from '../billing/index.ts';
import { rollOverEndedPeriods } from '../contracts/index.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { Database, Queryable } from '../../platform/db/database.ts';
import { gerarDanfsePdf, gerarNfseXml, type DemoParte } from './demo-nfse.ts';
import { DEMO_PROVIDER } from '../invoices/index.ts';
import { E2E_FATURA_TOKENS } from './e2e-tokens.ts';
import { CIDADE, seedReferenceData } from '../../platform/db/reference-data.ts';
import { acceptCurrentVersions } from '../privacy/index.ts';
import {
  glCliente,
  glClienteUsuario,
  glContrato,
  glContratoAjuste,
  glEmailSaida,
  pgFaturamentoExecucao,
  glPlano,
  glPlanoPagamento,
  glProduto,
  glUsuario,
  pgConta,
  pgBoleto,
  pgFatura,
  pgFaturaItem,
} from '../../platform/db/schema.ts';

export const DEMO_PASSWORD = 'demo1234';

/** The demo logins, for the start script to print. */
export const DEMO_LOGINS = [
  {
    email: 'admin@exemplo.com.br',
    papel: 'Administradora da equipe (nível 1)',
    senha: DEMO_PASSWORD,
  },
  {
    email: 'gerente@exemplo.com.br',
    papel: 'Gerente da conta Empresa Demonstração Ltda (nível 10)',
    senha: DEMO_PASSWORD,
  },
  {
    email: 'usuario@exemplo.com.br',
    papel: 'Usuário da conta Empresa Demonstração Ltda (nível 20)',
    senha: DEMO_PASSWORD,
  },
  {
    email: 'multi@exemplo.com.br',
    papel: 'Gerente de duas contas: Maria Souza e Nova Empresa S.A. (nível 10)',
    senha: DEMO_PASSWORD,
  },
] as const;

/** Key of the advisory lock that keeps two starting instances from seeding at once. */
export const DEMO_SEED_LOCK = 7_420_001;

/**
 * Moves a table's identity sequence past its largest id (and never backwards), so that inserts
 * without an id continue after rows inserted with explicit ids.
 */
async function syncIdentitySequence(db: Queryable, table: PgTable): Promise<void> {
  await db.execute(sql`
    select setval(
      seq,
      greatest(
        coalesce((select max(id) from ${table}), 0),
        coalesce(pg_sequence_last_value(seq::regclass), 0)
      ) + 1,
      false
    )
    from pg_get_serial_sequence(${getTableName(table)}, 'id') as seq`);
}

export interface DemoSeedOptions {
  /** "Now" for the dates of the demo (tests pin it). */
  agora?: Date;
  /** The fixed invoice tokens of e2e-tokens.ts instead of random ones (E2E_FIXED_TOKENS). */
  fixedTokens?: boolean;
}

/**
 * Seeds the demo data when there are no users yet. Returns true when it seeded. NFS-e files go to
 * `storage` (if the transaction fails they stay behind as orphans, harmless in a demo).
 */
export async function seedDemoData(
  db: Database,
  storage: FileStorage,
  { agora = new Date(), fixedTokens = false }: DemoSeedOptions = {},
): Promise<boolean> {
  if (await temUsuarios(db)) return false;
  // argon2 is slow by design: one hash, shared by every demo user, computed outside the transaction.
  const senhaHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    // Another instance seeding holds the lock as long as its seed takes: wait for it, past the
    // background lane's lock_timeout (decision 103), which would fail this start.
    await tx.execute(sql`set local lock_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK}::bigint)`);
    if (await temUsuarios(tx)) return false;
    await seedReferenceData(tx);
    await inserirDemo(tx, storage, senhaHash, agora, fixedTokens);
    return true;
  });
}

async function temUsuarios(db: Queryable): Promise<boolean> {
  const rows = await db.select({ id: glUsuario.id }).from(glUsuario).limit(1);
  return rows.length > 0;
}

function primeiro<T>(rows: T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error('Inserção sem retorno.');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Dates (calendar days in America/Sao_Paulo) and money (integer cents)
// ---------------------------------------------------------------------------------------------

/** An instant at a wall-clock time in São Paulo. */
function instanteSaoPaulo(dia: string, hora: number, minuto: number): Date {
  const instante = instantOnSaoPauloClock(dia, hora, minuto);
  if (!instante) throw new Error(`Data inválida: ${dia}`);
  return instante;
}

/** The provider that issues the demo's NFS-e (a valid test CNPJ). */
const DEMO_PRESTADOR: DemoParte = DEMO_PROVIDER;

/** The provider's PIX key on its receiving accounts (issue 20): its CNPJ. */
const DEMO_PIX = {
  pix_chave_tipo: 'cnpj',
  pix_chave: DEMO_PRESTADOR.cpfcnpj,
  pix_nome: 'Provedora Demo Software',
  pix_cidade: 'SAO PAULO',
} as const;

// ---------------------------------------------------------------------------------------------
// The data
// ---------------------------------------------------------------------------------------------

async function inserirDemo(
  tx: Queryable,
  storage: FileStorage,
  senhaHash: string,
  agora: Date,
  fixedTokens: boolean,
): Promise<void> {
  const faturaToken = (cliente: keyof typeof E2E_FATURA_TOKENS) =>
    fixedTokens ? E2E_FATURA_TOKENS[cliente] : newInvoiceToken();
  const hoje = todayInSaoPaulo(agora);
  const { startDate: inicioMes } = periodOf('month', hoje);

  // Products: explicit pids 1 and 2, then the identity continues at 3.
  await tx.insert(glProduto).values([
    {
      id: 1,
      nome: 'Portal Demo',
      url: '/painel',
      cadastro_permitido: true,
      cadastro_usuario_inativo: false,
      // Decision 102: invoices fall due 30 days after they are issued.
      fatura_vencimento_tipo: 'dias_apos_emissao',
      fatura_vencimento_valor: 30,
    },
    {
      id: 2,
      nome: 'Sistema Parceiro',
      url: '/painel',
      cadastro_permitido: false,
      cadastro_usuario_inativo: true,
    },
  ]);
  await syncIdentitySequence(tx, glProduto);

  // Plans of pid 1.
  const gratuito = primeiro(
    await tx
      .insert(glPlano)
      .values({
        gl_produto_id: 1,
        nome: 'gratuito',
        nome_exibicao: 'Gratuito',
        usuario_qtde: 1,
        dispositivo_qtde: 1,
        ordem: 1,
        descricao_exibicao: [
          'Para conhecer o sistema sem compromisso:',
          '',
          '- 1 usuário e 1 dispositivo',
          '- Cadastro de clientes e produtos',
          '- Até **50 documentos** por mês',
          '- Suporte pela central de ajuda',
        ].join('\n'),
      })
      .returning(),
  );
  const profissional = primeiro(
    await tx
      .insert(glPlano)
      .values({
        gl_produto_id: 1,
        nome: 'profissional',
        nome_exibicao: 'Profissional',
        usuario_qtde: 5,
        dispositivo_qtde: 10,
        ordem: 2,
        descricao_exibicao: [
          'Para pequenas equipes:',
          '',
          '- Até 5 usuários e 10 dispositivos',
          '- Documentos **ilimitados**',
          '- Relatórios gerenciais e exportação para planilha',
          '- Suporte por e-mail e chat em horário comercial',
        ].join('\n'),
      })
      .returning(),
  );
  const empresarial = primeiro(
    await tx
      .insert(glPlano)
      .values({
        gl_produto_id: 1,
        nome: 'empresarial',
        nome_exibicao: 'Empresarial',
        usuario_ilimitado: true,
        usuario_qtde: null,
        dispositivo_qtde: 50,
        flag_enviar_foto: true,
        ordem: 3,
        descricao_exibicao: [
          'Para empresas com várias filiais:',
          '',
          '- Usuários **ilimitados** e até 50 dispositivos',
          '- Múltiplas filiais e permissões por perfil',
          '- Integração por API',
          '- Suporte prioritário por telefone',
          '',
          '_Requer o envio do contrato social e do comprovante de endereço._',
        ].join('\n'),
      })
      .returning(),
  );

  const gratuitoMensal = primeiro(
    await tx
      .insert(glPlanoPagamento)
      .values({
        gl_plano_id: gratuito.id,
        cobranca_tipo: 1,
        cobranca_tipo_desc: 'Mensal',
        flag_gratuito: true,
        valor: '0.00',
      })
      .returning(),
  );
  const profissionalMensal = primeiro(
    await tx
      .insert(glPlanoPagamento)
      .values({
        gl_plano_id: profissional.id,
        cobranca_tipo: 1,
        cobranca_tipo_desc: 'Mensal',
        flag_promocao: true,
        valor: '149.90',
        valor_promocional: '119.90',
      })
      .returning(),
  );
  await tx.insert(glPlanoPagamento).values({
    gl_plano_id: profissional.id,
    cobranca_tipo: 12,
    cobranca_tipo_desc: 'Anual',
    valor: '1499.00',
  });
  const empresarialMensal = primeiro(
    await tx
      .insert(glPlanoPagamento)
      .values({
        gl_plano_id: empresarial.id,
        cobranca_tipo: 1,
        cobranca_tipo_desc: 'Mensal',
        valor: '399.00',
      })
      .returning(),
  );

  // Payment accounts.
  const [boleto, pix] = await tx
    .insert(pgConta)
    .values([
      {
        nome: 'Boleto',
        nome_exibicao: 'Boleto bancário',
        descricao_exibicao:
          'Pague em qualquer banco ou lotérica; a compensação leva até 3 dias úteis.',
        ...DEMO_PIX,
        // Late charges as most providers set them (issue 39): the CDC's 2 % fine, 1 % a month.
        multa_percentual: '2.00',
        juros_mensal_percentual: '1.00',
        // Registered boletos at Banco do Brasil (issue 40): a convênio of 7 digits, carteira 17.
        boleto_banco: '001',
        boleto_agencia: '1234',
        boleto_agencia_dv: '3',
        boleto_conta: '123456',
        boleto_conta_dv: '7',
        boleto_carteira: '17',
        boleto_convenio: '2345678',
        beneficiario_nome: DEMO_PRESTADOR.razao_social,
        beneficiario_cpfcnpj: DEMO_PRESTADOR.cpfcnpj,
        beneficiario_endereco: DEMO_PRESTADOR.endereco,
        boleto_instrucoes: 'Não receber após 30 dias do vencimento.',
      },
      {
        nome: 'Pix',
        nome_exibicao: 'Pix',
        descricao_exibicao: 'Pagamento instantâneo pelo QR Code, confirmado na hora.',
        ...DEMO_PIX,
        // The same key as the boleto's account, confirmed by staff (one PSP, two accounts).
        pix_chave_compartilhada: true,
        multa_percentual: '2.00',
        juros_mensal_percentual: '1.00',
      },
      {
        nome: 'Cartão',
        nome_exibicao: 'Cartão de crédito',
        descricao_exibicao: 'Cobrança automática no cartão de crédito a cada período.',
      },
    ])
    .returning();
  if (!boleto || !pix) throw new Error('Inserção sem retorno.');

  // Clients.
  const empresaDemo = primeiro(
    await tx
      .insert(glCliente)
      .values({
        tipo_pessoa: 2,
        cpfcnpj: '11222333000181',
        razao_social: 'Empresa Demonstração Ltda',
        nome_fantasia: 'Empresa Demo',
        email: 'financeiro.empresademo@exemplo.com.br',
        telefone_fixo: '1132104500',
        telefone_celular: '11987654321',
        end_cep: '01310100',
        end_logradouro: 'Avenida Paulista',
        end_numero: '1000',
        end_complemento: 'Conjunto 101',
        end_bairro: 'Bela Vista',
        gl_cidade_id: CIDADE.saoPaulo,
        fatura_token: faturaToken('empresaDemo'),
      })
      .returning(),
  );
  const mariaSouza = primeiro(
    await tx
      .insert(glCliente)
      .values({
        tipo_pessoa: 1,
        cpfcnpj: '52998224725',
        razao_social: 'Maria Souza',
        nome_fantasia: 'Maria Souza',
        email: 'maria.souza@exemplo.com.br',
        telefone_celular: '31991234567',
        end_cep: '30160011',
        end_logradouro: 'Rua da Bahia',
        end_numero: '1148',
        end_complemento: 'Apto 502',
        end_bairro: 'Centro',
        gl_cidade_id: CIDADE.beloHorizonte,
        data_nascimento: '1985-03-14',
        fatura_token: faturaToken('mariaSouza'),
      })
      .returning(),
  );
  const novaEmpresa = primeiro(
    await tx
      .insert(glCliente)
      .values({
        tipo_pessoa: 2,
        cpfcnpj: '12ABC34501DE35',
        razao_social: 'Nova Empresa S.A.',
        nome_fantasia: 'Nova Empresa',
        email: 'contato.novaempresa@exemplo.com.br',
        telefone_fixo: '4130221100',
        telefone_celular: '41998765432',
        end_cep: '80020310',
        end_logradouro: 'Rua XV de Novembro',
        end_numero: '700',
        end_complemento: null,
        end_bairro: 'Centro',
        gl_cidade_id: CIDADE.curitiba,
        fatura_token: faturaToken('novaEmpresa'),
      })
      .returning(),
  );

  // Users (one argon2id hash for all of them) and their client links.
  const usuarios = await tx
    .insert(glUsuario)
    .values([
      {
        nome: 'Administradora Demo',
        apelido: 'Admin',
        email: 'admin@exemplo.com.br',
        telefone_celular: '11990000001',
        senha_hash: senhaHash,
        nivel: 1,
      },
      {
        nome: 'Gabriel Oliveira',
        apelido: 'Gabriel',
        email: 'gerente@exemplo.com.br',
        telefone_celular: '11990000002',
        senha_hash: senhaHash,
      },
      {
        nome: 'Lucas Pereira',
        apelido: 'Lucas',
        email: 'usuario@exemplo.com.br',
        telefone_celular: '11990000003',
        senha_hash: senhaHash,
      },
      {
        nome: 'Maria Souza',
        apelido: 'Maria',
        email: 'multi@exemplo.com.br',
        telefone_celular: '31991234567',
        senha_hash: senhaHash,
      },
    ])
    .returning({ id: glUsuario.id, email: glUsuario.email });
  const idDe = (email: string): number => {
    const usuario = usuarios.find((u) => u.email === email);
    if (!usuario) throw new Error(`Usuário demo ausente: ${email}`);
    return usuario.id;
  };
  await tx.insert(glClienteUsuario).values([
    { gl_cliente_id: empresaDemo.id, gl_usuario_id: idDe('gerente@exemplo.com.br'), nivel: 10 },
    { gl_cliente_id: empresaDemo.id, gl_usuario_id: idDe('usuario@exemplo.com.br'), nivel: 20 },
    { gl_cliente_id: mariaSouza.id, gl_usuario_id: idDe('multi@exemplo.com.br'), nivel: 10 },
    { gl_cliente_id: novaEmpresa.id, gl_usuario_id: idDe('multi@exemplo.com.br'), nivel: 10 },
  ]);
  // The demo people accepted the legal pages in force, as a sign-up records it (issue 19).
  for (const usuario of usuarios) {
    await acceptCurrentVersions(tx, usuario.id, { ip: '127.0.0.1', now: new Date() });
  }

  // Contracts on pid 1, started a year of periods ago; the billing run makes their invoices.
  const ultimoMes =
    hoje >= addDays(addCalendarMonths(inicioMes, 1), -DEMO_LEAD_DAYS) ? addCalendarMonths(inicioMes, 1) : inicioMes;
  const primeiroMes = addCalendarMonths(ultimoMes, -(DEMO_MESES - 1));
  const contrato = (clienteId: number, planoId: number, pagamentoId: number, contaId: number | null) => ({
    gl_cliente_id: clienteId,
    gl_produto_id: 1,
    gl_plano_id: planoId,
    gl_plano_pagamento_id: pagamentoId,
    pg_conta_id: contaId,
    periodo_inicio: primeiroMes,
    periodo_fim: periodEnd(primeiroMes, 1),
    // The promotion started with the contract and lasts while it stays on the option.
    promocao_ate: pagamentoId === profissionalMensal.id ? promotionEndOf(primeiroMes) : null,
  });
  const [contratoEmpresaDemo, contratoNovaEmpresa] = await tx
    .insert(glContrato)
    .values([
      contrato(empresaDemo.id, profissional.id, profissionalMensal.id, boleto.id),
      contrato(novaEmpresa.id, empresarial.id, empresarialMensal.id, pix.id),
      contrato(mariaSouza.id, gratuito.id, gratuitoMensal.id, null),
    ])
    .returning();
  if (!contratoEmpresaDemo || !contratoNovaEmpresa) throw new Error('Inserção sem retorno.');

  await faturarHistorico(tx, { primeiroMes, hoje, agora, empresaDemoContrato: contratoEmpresaDemo.id });
  await registrarPagamentos(tx, storage, {
    contratoId: contratoEmpresaDemo.id,
    tomador: {
      razao_social: empresaDemo.razao_social,
      cpfcnpj: empresaDemo.cpfcnpj,
      endereco: 'Avenida Paulista, 1000, Conjunto 101, Bela Vista, São Paulo/SP, CEP 01310-100',
    },
    emAberto: [2, 4],
    comNota: true,
  });
  await registrarPagamentos(tx, storage, {
    contratoId: contratoNovaEmpresa.id,
    tomador: null,
    emAberto: [],
    comNota: false,
  });
}

/** Periods of history the demo's contracts are billed for, the last one included. */
const DEMO_MESES = 12;
/** The demo billing's lead time: BILLING_LEAD_DAYS' default. */
const DEMO_LEAD_DAYS = 10;
const DEMO_BILLING = { providerName: 'Portal do Cliente', publicUrl: 'http://localhost:3000', leadDays: DEMO_LEAD_DAYS };

/** Far enough: the demo's promotion lasts while the contract stays on the option. */
const promotionEndOf = (start: string) => addCalendarMonths(start, 1200);

/**
 * A year of the demo contracts' billing, by the billing run and the roll-over themselves
 * (decision 102), on a clock moved month by month: each period billed ten days before it starts,
 * each period rolled over when it ends, overdue invoices marked as the run marks them. Two months
 * of Empresa Demonstração carry extra lines, as adjustments of its contract (an hour and a half
 * of support, a courtesy user): the invoices show them as items. The issue notices the runs put
 * in the outbox are dropped: nobody should get a year of mail at the first start.
 */
async function faturarHistorico(
  tx: Queryable,
  input: { primeiroMes: string; hoje: string; agora: Date; empresaDemoContrato: number },
): Promise<void> {
  const noon = (day: string) => instanteSaoPaulo(day, 12, 0);
  const mailsBefore = await tx.select({ id: glEmailSaida.id }).from(glEmailSaida);
  for (let mes = 0; mes < DEMO_MESES; mes += 1) {
    const competencia = addCalendarMonths(input.primeiroMes, mes);
    const mesesAtras = DEMO_MESES - 1 - mes;
    if (mesesAtras === 2 || mesesAtras === 7) {
      await tx.insert(glContratoAjuste).values({
        gl_contrato_id: input.empresaDemoContrato,
        descricao: 'Suporte técnico avulso',
        unidade: 'H',
        qtde: '1.5',
        valor: '90.00',
      });
    }
    if (mesesAtras === 4) {
      // Quantity 0: the invoice detail shows the cell blank.
      await tx.insert(glContratoAjuste).values({
        gl_contrato_id: input.empresaDemoContrato,
        descricao: 'Usuário adicional (cortesia)',
        unidade: 'UN',
        qtde: '0',
        valor: '0.00',
      });
    }
    const emissao = addDays(competencia, -DEMO_LEAD_DAYS);
    if (mes > 0) await rollOverEndedPeriods(tx, emissao, noon(emissao));
    await runBilling(tx, DEMO_BILLING, noon(emissao));
  }
  await rollOverEndedPeriods(tx, input.hoje, input.agora);
  await runBilling(tx, DEMO_BILLING, input.agora);
  const kept = new Set(mailsBefore.map((row) => row.id));
  const sent = await tx.select({ id: glEmailSaida.id }).from(glEmailSaida);
  const dropped = sent.map((row) => row.id).filter((id) => !kept.has(id));
  if (dropped.length > 0) await tx.delete(glEmailSaida).where(inArray(glEmailSaida.id, dropped));
  await tx.delete(pgFaturamentoExecucao);
}

/**
 * Which links each paid month's NFS-e has, so every case of the list's actions shows up:
 * city-hall page, national key (its public consultation), PDF; the oldest note has none at all.
 */
function linksDaNota(mesesAtras: number) {
  if (mesesAtras === 11) return { url: false, chave: false, arquivos: false, pdf: false };
  if (mesesAtras === 10) return { url: true, chave: false, arquivos: true, pdf: false };
  if (mesesAtras === 9) return { url: false, chave: false, arquivos: true, pdf: true };
  if (mesesAtras >= 6) return { url: false, chave: true, arquivos: true, pdf: true };
  return { url: true, chave: true, arquivos: true, pdf: true };
}

/**
 * The demo's payments: every invoice of the contract but the newest (open) and those `emAberto`
 * months before it (left overdue) paid a few days before it fell due, and, with `comNota`, its
 * NFS-e (the DANFSe PDF and XML generated and stored, see linksDaNota).
 */
async function registrarPagamentos(
  tx: Queryable,
  storage: FileStorage,
  input: { contratoId: number; tomador: DemoParte | null; emAberto: number[]; comNota: boolean },
): Promise<void> {
  const faturas = await tx
    .select()
    .from(pgFatura)
    .where(eq(pgFatura.gl_contrato_id, input.contratoId))
    .orderBy(desc(pgFatura.data_vencimento), desc(pgFatura.id));
  for (const [mesesAtras, fatura] of faturas.entries()) {
    if (mesesAtras === 0 || input.emAberto.includes(mesesAtras)) continue;
    const confirmado = instanteSaoPaulo(addDays(fatura.data_vencimento, -(mesesAtras % 3)), 14, 30);
    await tx
      .update(pgFatura)
      .set({ situacao: 6, datahora_confirmado: confirmado })
      .where(eq(pgFatura.id, fatura.id));
    // On the boleto account the invoice was paid by its boleto (issue 40), made when it was issued.
    await tx
      .update(pgBoleto)
      .set({ situacao: 'liquidado', valor_pago: fatura.valor, data_credito: todayInSaoPaulo(confirmado) })
      .where(eq(pgBoleto.pg_fatura_id, fatura.id));
    if (!input.comNota || !input.tomador) continue;
    const itens = await tx
      .select()
      .from(pgFaturaItem)
      .where(eq(pgFaturaItem.pg_fatura_id, fatura.id))
      .orderBy(asc(pgFaturaItem.id));
    const numero = String(2000 + (12 - mesesAtras));
    const emissao = new Date(confirmado.getTime() + 2 * 60 * 60 * 1000);
    const links = linksDaNota(mesesAtras);
    const chave = links.chave
      ? buildChaveAcesso({
          codigoMunicipio: CIDADE.saoPaulo,
          ambienteGerador: 2,
          inscricaoFederal: DEMO_PRESTADOR.cpfcnpj,
          numero: Number(numero),
          ano: emissao.getUTCFullYear(),
          mes: emissao.getUTCMonth() + 1,
          codigoNumerico: 100_000_000 + ((fatura.id * 7919) % 800_000_000),
        })
      : null;
    const nota = {
      numero,
      emissao,
      competencia: fatura.data_competencia ?? fatura.data_vencimento,
      chave,
      prestador: DEMO_PRESTADOR,
      tomador: input.tomador,
      discriminacao: fatura.servico_discriminacao ?? '',
      itens: itens.map((item) => ({
        codigo: item.codigo ?? '',
        descricao: item.descricao,
        unidade: item.unidade ?? '',
        qtde: item.qtde ?? '0',
        valor: item.valor ?? '0.00',
      })),
      total: fatura.valor,
    };
    await registrarNfse(tx, storage, {
      pg_fatura_id: fatura.id,
      nf_numero: numero,
      datahora_emissao: emissao,
      chave_acesso: chave,
      url_visualizar: links.url ? `https://nfse.prefeitura.example/notas/${numero}` : null,
      pdf: links.pdf ? await gerarDanfsePdf(nota) : null,
      xml: links.arquivos ? gerarNfseXml(nota) : null,
    });
  }
}
