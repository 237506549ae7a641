import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { todayInSaoPaulo } from '#shared/dates';
import { toCents } from '#shared/format';
import { amountDue } from '#shared/overdue-charges';
import { pixPayload } from '#shared/pix/br-code';
import type { FaturaPixDto } from '#shared/schemas/invoices';
import type { Queryable } from '../../platform/db/database.ts';
import { glCliente, glContrato, pgConta, pgFatura } from '../../platform/db/schema.ts';
import { UNPAID_SITUACOES } from './payment.ts';

/** The invoices of the token's client payable by PIX, with what their QR code needs. */
function payableInvoices(db: Queryable, token: string, faturaId?: number) {
  return db
    .select({
      id: pgFatura.id,
      valor: pgFatura.valor,
      data_vencimento: pgFatura.data_vencimento,
      chave: pgConta.pix_chave,
      nome: pgConta.pix_nome,
      cidade: pgConta.pix_cidade,
      multa: pgConta.multa_percentual,
      juros: pgConta.juros_mensal_percentual,
    })
    .from(pgFatura)
    .innerJoin(glCliente, eq(glCliente.id, pgFatura.gl_cliente_id))
    .innerJoin(glContrato, eq(glContrato.id, pgFatura.gl_contrato_id))
    .innerJoin(pgConta, eq(pgConta.id, glContrato.pg_conta_id))
    .where(
      and(
        eq(glCliente.fatura_token, token),
        inArray(pgFatura.situacao, UNPAID_SITUACOES),
        isNotNull(pgConta.pix_chave),
        faturaId === undefined ? undefined : eq(pgFatura.id, faturaId),
      ),
    );
}

/**
 * GET /api/pg_fatura/cliente/{token}/pix: the ids of the invoices the list offers to pay by PIX;
 * null when the token names no client.
 */
export async function listPixPayable(db: Queryable, token: string): Promise<number[] | null> {
  const [cliente] = await db
    .select({ id: glCliente.id })
    .from(glCliente)
    .where(eq(glCliente.fatura_token, token));
  if (!cliente) return null;
  return (await payableInvoices(db, token)).map((row) => row.id);
}

/** The txid of an invoice's payment (up to 25 letters and digits, BR Code field 62-05). */
export const invoiceTxid = (faturaId: number) => `FATURA${String(faturaId).padStart(10, '0')}`;

/** The invoice a payment's txid names (the PSP's webhook), or null when it names none of ours. */
export function invoiceIdFromTxid(txid: string): number | null {
  const match = /^FATURA(\d{10})$/.exec(txid);
  const id = match ? Number(match[1]) : 0;
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * GET /api/pg_fatura/cliente/{token}/{id}/pix: the amount, the due date, the "PIX copia e cola"
 * and its QR code (an SVG data URL made here, so the page downloads no QR library). Null unless
 * the invoice is the token's client's, open or overdue, and its account has a PIX key.
 */
export async function invoicePixPayment(
  db: Queryable,
  token: string,
  faturaId: number,
  now: Date = new Date(),
): Promise<FaturaPixDto | null> {
  const [row] = await payableInvoices(db, token, faturaId);
  if (!row?.chave || !row.nome || !row.cidade) return null;
  // An overdue invoice is paid with its late charges to today (issue 39, decision 110).
  const valor = amountDue(row.valor, row.data_vencimento, todayInSaoPaulo(now), row);
  const copia_e_cola = pixPayload({
    chave: row.chave,
    nome: row.nome,
    cidade: row.cidade,
    valor,
    txid: invoiceTxid(row.id),
  });
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(copia_e_cola, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
  });
  return {
    id: row.id,
    valor,
    valor_original: toCents(valor) === toCents(row.valor) ? null : row.valor,
    data_vencimento: row.data_vencimento,
    copia_e_cola,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}
