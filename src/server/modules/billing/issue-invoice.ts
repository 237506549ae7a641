import { and, asc, eq, isNull } from 'drizzle-orm';
import { fromCents, formatDate, formatMoney } from '#shared/format';
import { dueDate, isDueDateRule } from '#shared/due-date';
import { pixPayload } from '#shared/pix/br-code';
import { SITUACAO } from '#shared/schemas/invoices';
import type { Queryable } from '../../db/database.ts';
import {
  glCliente,
  glContrato,
  glContratoAjuste,
  glProduto,
  pgConta,
  pgFatura,
  pgFaturaItem,
} from '../../db/schema.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { invoiceApprovalMail, invoiceIssuedMail } from '../../mail/templates.ts';
import { hashToken, randomToken } from '../../session/tokens.ts';
import { clientManagers, invoiceListUrl } from '../invoices/payment.ts';
import { invoiceTxid } from '../invoices/pix.ts';
import { carriedCreditLines, sumCents, type PriceLine } from './pricing.ts';

/** What issuing needs besides the data: the provider's name and address, and the day. */
export interface IssueContext {
  providerName: string;
  publicUrl: string;
  now: Date;
  /** Today in São Paulo ('YYYY-MM-DD'). */
  today: string;
}

type Contract = typeof glContrato.$inferSelect;
type Adjustment = typeof glContratoAjuste.$inferSelect;

/** The product's due-date rule and approval hold (decision 102). */
export async function productBilling(db: Queryable, produtoId: number) {
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
  return { nome: row.nome, rule, aprovacao: row.aprovacao };
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
  cents: Math.round(Number(adjustment.valor) * 100),
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

/**
 * Writes an invoice of the contract with its items, marks the adjustments it takes, carries a
 * credit above its charges to the next one, and puts its notice (or, where the product holds
 * invoices for approval, the approval request) in the outbox: all in the caller's transaction,
 * which also moves the contract's billing forward (decision 102).
 */
export async function writeInvoice(
  tx: Queryable,
  contract: Contract,
  spec: InvoiceSpec,
  context: IssueContext,
): Promise<IssuedInvoice> {
  const product = await productBilling(tx, contract.gl_produto_id);
  const lines = [...spec.lines, ...spec.adjustments.map(adjustmentLine)];
  const carried = carriedCreditLines(sumCents(lines));
  if (carried) lines.push(carried.onInvoice);
  const cents = sumCents(lines);
  const vencimento = dueDate(product.rule, {
    issueDay: context.today,
    periodStart: spec.period?.start ?? context.today,
  });
  const approvalToken = product.aprovacao && cents > 0 ? randomToken() : null;
  const situacao =
    cents === 0 ? SITUACAO.paga : approvalToken ? SITUACAO.aguardandoAprovacao : SITUACAO.fechada;
  const [fatura] = await tx
    .insert(pgFatura)
    .values({
      gl_cliente_id: contract.gl_cliente_id,
      gl_contrato_id: contract.id,
      situacao,
      data_vencimento: vencimento,
      datahora_confirmado: cents === 0 ? context.now : null,
      valor: fromCents(cents),
      servico_discriminacao: spec.discriminacao,
      data_competencia: spec.period?.start ?? null,
      periodo_fim: spec.period?.end ?? null,
      origem: spec.origem,
      gl_plano_pagamento_id: spec.gl_plano_pagamento_id,
      aprovacao_token_hash: approvalToken ? hashToken(approvalToken) : null,
    })
    .returning({ id: pgFatura.id });
  if (!fatura) throw new Error('pg_fatura insert returned nothing');
  await tx.insert(pgFaturaItem).values(
    lines.map((line) => ({
      pg_fatura_id: fatura.id,
      codigo: line.codigo,
      descricao: line.descricao,
      unidade: line.unidade,
      qtde: line.qtde === null ? null : String(line.qtde),
      valor: fromCents(line.cents),
    })),
  );
  for (const adjustment of spec.adjustments) {
    await tx
      .update(glContratoAjuste)
      .set({ pg_fatura_id: fatura.id })
      .where(and(eq(glContratoAjuste.id, adjustment.id), isNull(glContratoAjuste.pg_fatura_id)));
  }
  if (carried) {
    await tx.insert(glContratoAjuste).values({
      gl_contrato_id: contract.id,
      descricao: carried.carried.descricao,
      valor: fromCents(carried.carried.cents),
    });
  }
  const issued = { id: fatura.id, cents, situacao, vencimento };
  if (situacao === SITUACAO.fechada) await queueIssueNotice(tx, issued, context);
  if (approvalToken) await queueApprovalRequest(tx, issued, approvalToken, context);
  return issued;
}

/** The invoice's client and what paying by PIX needs (the contract's account). */
async function noticeData(tx: Queryable, faturaId: number) {
  const [row] = await tx
    .select({
      clienteId: pgFatura.gl_cliente_id,
      razaoSocial: glCliente.razao_social,
      token: glCliente.fatura_token,
      chave: pgConta.pix_chave,
      nome: pgConta.pix_nome,
      cidade: pgConta.pix_cidade,
    })
    .from(pgFatura)
    .innerJoin(glCliente, eq(glCliente.id, pgFatura.gl_cliente_id))
    .leftJoin(glContrato, eq(glContrato.id, pgFatura.gl_contrato_id))
    .leftJoin(pgConta, eq(pgConta.id, glContrato.pg_conta_id))
    .where(eq(pgFatura.id, faturaId));
  if (!row) throw new Error(`pg_fatura ${faturaId} not found`);
  return row;
}

/**
 * The issue notice (issue 35): to each manager of the client (level ≤ 10), with the amount, the
 * due date, the invoice list's link and the PIX copia-e-cola when the account has a key.
 */
export async function queueIssueNotice(
  tx: Queryable,
  invoice: IssuedInvoice,
  context: Pick<IssueContext, 'providerName' | 'publicUrl'>,
): Promise<void> {
  const data = await noticeData(tx, invoice.id);
  const valor = fromCents(invoice.cents);
  const pixCopiaECola =
    data.chave && data.nome && data.cidade
      ? pixPayload({ chave: data.chave, nome: data.nome, cidade: data.cidade, valor, txid: invoiceTxid(invoice.id) })
      : null;
  for (const manager of await clientManagers(tx, data.clienteId)) {
    await enqueueMail(tx, {
      to: manager.email,
      ...invoiceIssuedMail({
        providerName: context.providerName,
        nome: manager.nome,
        razaoSocial: data.razaoSocial,
        valor: formatMoney(valor),
        vencimento: formatDate(invoice.vencimento),
        invoicesUrl: invoiceListUrl(context.publicUrl, data.token),
        pixCopiaECola,
      }),
    });
  }
}

async function queueApprovalRequest(
  tx: Queryable,
  invoice: IssuedInvoice,
  token: string,
  context: IssueContext,
): Promise<void> {
  const data = await noticeData(tx, invoice.id);
  const approvalUrl = new URL(`/fatura/faturaEmitida/${token}`, `${context.publicUrl}/`).toString();
  for (const manager of await clientManagers(tx, data.clienteId)) {
    await enqueueMail(tx, {
      to: manager.email,
      ...invoiceApprovalMail({
        providerName: context.providerName,
        nome: manager.nome,
        razaoSocial: data.razaoSocial,
        valor: formatMoney(fromCents(invoice.cents)),
        vencimento: formatDate(invoice.vencimento),
        approvalUrl,
      }),
    });
  }
}
