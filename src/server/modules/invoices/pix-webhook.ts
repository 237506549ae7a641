import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, todayInSaoPaulo } from '#shared/dates';
import { toCents } from '#shared/format';
import { amountDue } from '#shared/overdue-charges';
import { decryptSecret, encryptSecret } from '../../platform/crypto/secret-box.ts';
import type { Database, Queryable } from '../../platform/db/database.ts';
import { glContrato, pgConta, pgFatura, pgPixRecebimento } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { randomToken, safeEqual } from '../../platform/session/tokens.ts';
import { payInvoice } from './payment.ts';
import { signPixNotification } from './pix-signature.ts';
import { invoiceIdFromTxid } from './pix.ts';

/**
 * The PSP's notifications of PIX received (issue 20, docs/decisions/089-pix.md). The body is the
 * Banco Central's API Pix callback ({"pix": [{endToEndId, txid, valor, horario}]}); the call is
 * signed with the account's secret:
 *   X-Pix-Conta: <pg_conta id>
 *   X-Pix-Assinatura: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
 * A signature older or newer than SIGNATURE_TOLERANCE_S is refused (a replayed call), and each
 * payment is recorded once by its end-to-end id (a repeated notification changes nothing).
 */
const SIGNATURE_TOLERANCE_S = 300;

export const PIX_WEBHOOK_MESSAGES = {
  /** One answer for every refused signature: which part failed would help a forger. */
  invalidSignature: 'Assinatura da notificação PIX inválida ou expirada.',
  invalidBody: 'Notificação PIX em formato inválido.',
  secretCreated:
    'Novo segredo do webhook PIX gerado. Copie-o agora para o PSP: ele não será mostrado de novo, e o anterior deixou de valer.',
} as const;

/** What happened to each notified payment (the answer lists them; pg_pix_recebimento keeps them). */
export type PixReceiptResult =
  'confirmada' | 'ja_paga' | 'valor_divergente' | 'fatura_desconhecida' | 'repetida';

const PixNotificationSchema = z.object({
  pix: z
    .array(
      z.object({
        // The Pix end-to-end id: E + the payer's institution (ISPB) + date and time + sequence (32).
        endToEndId: z.string().regex(/^[A-Za-z0-9]{1,35}$/),
        txid: z.string().max(35).optional(),
        valor: z.string().regex(/^\d{1,10}\.\d{2}$/),
        horario: z.iso.datetime({ offset: true }),
      }),
    )
    .min(1)
    .max(100),
});
export type PixNotification = z.infer<typeof PixNotificationSchema>;

/** The key the accounts' webhook secrets are sealed with (derived from SESSION_SECRET). */
export interface PixWebhookKeys {
  sealKey: Buffer;
}

/** A new secret for the account (supervisor's action): shown once, stored sealed. */
export async function rotatePixWebhookSecret(
  db: Queryable,
  keys: PixWebhookKeys,
  contaId: number,
): Promise<{ segredo: string }> {
  const segredo = randomToken(32);
  const [row] = await db
    .update(pgConta)
    .set({ pix_webhook_segredo: encryptSecret(keys.sealKey, segredo) })
    .where(eq(pgConta.id, contaId))
    .returning({ id: pgConta.id });
  if (!row) throw notFound();
  return { segredo };
}

/**
 * Whether the call is signed by the account's secret within the tolerance. Returns the account id
 * when it is; null for every kind of failure (missing header, unknown account, no secret, stale
 * time, wrong signature).
 */
export async function verifyPixSignature(
  db: Database,
  keys: PixWebhookKeys,
  call: { conta: string | undefined; assinatura: string | undefined; body: string; now: Date },
): Promise<number | null> {
  if (!call.conta || !/^[1-9]\d{0,9}$/.test(call.conta) || !call.assinatura) return null;
  const parts = new Map(
    call.assinatura.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  // Hex digits in either case (RFC 4648 §8 base16 is case-insensitive).
  const given = parts.get('v1')?.toLowerCase();
  if (!Number.isSafeInteger(timestamp) || !given) return null;
  if (Math.abs(call.now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_S) return null;
  const contaId = Number(call.conta);
  if (contaId > 2_147_483_647) return null;
  const [conta] = await db
    .select({ segredo: pgConta.pix_webhook_segredo })
    .from(pgConta)
    .where(eq(pgConta.id, contaId));
  const segredo = conta?.segredo ? decryptSecret(keys.sealKey, conta.segredo) : null;
  if (!segredo) return null;
  return safeEqual(signPixNotification(segredo, timestamp, call.body), `t=${timestamp},v1=${given}`)
    ? contaId
    : null;
}

/** The raw body as a notification, or null when it is not one. */
export function parsePixNotification(body: string): PixNotification | null {
  try {
    const parsed = PixNotificationSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The amounts that pay an invoice (issue 39, decision 110): its own, or with its late charges to
 * the day it was paid or the day before (a QR code read before midnight, paid after it).
 */
function acceptedAmounts(
  fatura: { valor: string; vencimento: string; multa: string; juros: string },
  pagoEm: Date,
): Set<number> {
  const payDay = todayInSaoPaulo(pagoEm);
  const amounts = new Set([toCents(fatura.valor) ?? 0]);
  for (const day of [payDay, addDays(payDay, -1)]) {
    amounts.add(toCents(amountDue(fatura.valor, fatura.vencimento, day, fatura)) ?? 0);
  }
  return amounts;
}

/**
 * Records each payment once and pays its invoice when it is this account's, open or overdue, and
 * of the same amount. Each payment is one transaction: the end-to-end id's row (a unique index)
 * and the invoice's conditional update (payment.ts) commit together, so fifty deliveries of one
 * payment pay once and send one receipt.
 */
export async function receivePixPayments(
  db: Database,
  input: {
    contaId: number;
    notification: PixNotification;
    providerName: string;
    publicUrl: string;
  },
): Promise<{ endToEndId: string; resultado: PixReceiptResult }[]> {
  const results: { endToEndId: string; resultado: PixReceiptResult }[] = [];
  for (const pix of input.notification.pix) {
    const resultado = await db.transaction(async (tx): Promise<PixReceiptResult> => {
      const faturaId = pix.txid ? invoiceIdFromTxid(pix.txid) : null;
      const [fatura] =
        faturaId === null
          ? []
          : await tx
              .select({
                id: pgFatura.id,
                valor: pgFatura.valor,
                vencimento: pgFatura.data_vencimento,
                multa: pgConta.multa_percentual,
                juros: pgConta.juros_mensal_percentual,
              })
              .from(pgFatura)
              .innerJoin(glContrato, eq(glContrato.id, pgFatura.gl_contrato_id))
              .innerJoin(pgConta, eq(pgConta.id, glContrato.pg_conta_id))
              .where(and(eq(pgFatura.id, faturaId), eq(glContrato.pg_conta_id, input.contaId)));
      const pagoEm = new Date(pix.horario);
      const expected: PixReceiptResult = !fatura
        ? 'fatura_desconhecida'
        : acceptedAmounts(fatura, pagoEm).has(toCents(pix.valor) ?? -1)
          ? 'confirmada'
          : 'valor_divergente';
      const [recorded] = await tx
        .insert(pgPixRecebimento)
        .values({
          end_to_end_id: pix.endToEndId,
          pg_conta_id: input.contaId,
          pg_fatura_id: fatura?.id ?? null,
          txid: pix.txid ?? null,
          valor: pix.valor,
          datahora_pagamento: pagoEm,
          resultado: expected,
        })
        .onConflictDoNothing({ target: pgPixRecebimento.end_to_end_id })
        .returning({ id: pgPixRecebimento.id });
      if (!recorded) return 'repetida';
      if (expected !== 'confirmada' || !fatura) return expected;
      const outcome = await payInvoice(tx, {
        faturaId: fatura.id,
        pagoEm,
        providerName: input.providerName,
        publicUrl: input.publicUrl,
      });
      if (outcome === 'paid') return 'confirmada';
      await tx
        .update(pgPixRecebimento)
        .set({ resultado: 'ja_paga' })
        .where(eq(pgPixRecebimento.id, recorded.id));
      return 'ja_paga';
    });
    results.push({ endToEndId: pix.endToEndId, resultado });
  }
  return results;
}
