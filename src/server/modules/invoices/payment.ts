import { and, eq, inArray, lte } from 'drizzle-orm';
import { formatDate, formatMoney } from '#shared/format';
import { LEVEL_ACCOUNT_MANAGER } from '#shared/levels';
import { INVOICE_MESSAGES, SITUACAO } from '#shared/schemas/invoices';
import { recordAudit, type AuditOrigin } from '../../platform/audit/audit-trail.ts';
import type { Database, Queryable } from '../../platform/db/database.ts';
import { glCliente, glClienteUsuario, glUsuario, pgFatura } from '../../platform/db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { paymentReceiptMail } from './mails.ts';

/** Open (5) and overdue (8) invoices are the unpaid ones, paid by PIX or reminded (§3 situações). */
export const UNPAID_SITUACOES: number[] = [SITUACAO.fechada, SITUACAO.vencida];

/**
 * Marks an invoice paid at `pagoEm` inside the caller's transaction (issue 20: staff, or the PSP's
 * webhook). A conditional update decides it, so however many confirmations arrive at once one of
 * them pays it and puts the receipt for the client's managers in the outbox (same transaction);
 * the others learn it was no longer open.
 */
export async function payInvoice(
  tx: Queryable,
  input: { faturaId: number; pagoEm: Date; dayOnly?: boolean; providerName: string; publicUrl: string },
): Promise<'paid' | 'not_payable' | 'not_found'> {
  const [paid] = await tx
    .update(pgFatura)
    .set({ situacao: SITUACAO.paga, datahora_confirmado: input.pagoEm })
    .where(and(eq(pgFatura.id, input.faturaId), inArray(pgFatura.situacao, UNPAID_SITUACOES)))
    .returning({
      clienteId: pgFatura.gl_cliente_id,
      valor: pgFatura.valor,
      vencimento: pgFatura.data_vencimento,
    });
  if (!paid) {
    const [exists] = await tx
      .select({ id: pgFatura.id })
      .from(pgFatura)
      .where(eq(pgFatura.id, input.faturaId));
    return exists ? 'not_payable' : 'not_found';
  }
  const [cliente] = await tx
    .select({ razaoSocial: glCliente.razao_social, token: glCliente.fatura_token })
    .from(glCliente)
    .where(eq(glCliente.id, paid.clienteId));
  const managers = await clientManagers(tx, paid.clienteId);
  for (const manager of managers) {
    await enqueueMail(tx, {
      to: manager.email,
      ...paymentReceiptMail({
        providerName: input.providerName,
        nome: manager.nome,
        razaoSocial: cliente?.razaoSocial ?? '',
        valor: formatMoney(paid.valor),
        vencimento: formatDate(paid.vencimento),
        pagoEm: input.pagoEm,
        dayOnly: input.dayOnly ?? false,
        invoicesUrl: invoiceListUrl(input.publicUrl, cliente?.token ?? ''),
      }),
    });
  }
  return 'paid';
}

/** The client's active managers (§6: level ≤ 10), who receive its invoices' e-mails. */
export function clientManagers(tx: Queryable, clienteId: number) {
  return tx
    .select({ nome: glUsuario.nome, email: glUsuario.email })
    .from(glClienteUsuario)
    .innerJoin(glUsuario, eq(glUsuario.id, glClienteUsuario.gl_usuario_id))
    .where(
      and(
        eq(glClienteUsuario.gl_cliente_id, clienteId),
        lte(glClienteUsuario.nivel, LEVEL_ACCOUNT_MANAGER),
        eq(glUsuario.ativo, true),
      ),
    );
}

/** The client's invoice list (§2 /cliente/{token}/fatura), as linked from e-mails. */
export const invoiceListUrl = (publicUrl: string, token: string) =>
  new URL(`/cliente/${token}/fatura`, `${publicUrl}/`).toString();

/**
 * Staff's confirmation (POST /api/admin/pg_fatura/{id}/pagamento): 404, 409 or paid, the payment
 * in the audit trail with who confirmed it (decision 099).
 */
export async function confirmInvoicePayment(
  db: Database,
  input: { faturaId: number; pagoEm: Date; providerName: string; publicUrl: string },
  origin: AuditOrigin,
): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    const paid = await payInvoice(tx, input);
    if (paid === 'paid') {
      await recordAudit(tx, {
        ...origin,
        action: 'pagamento_confirmado',
        resource: 'pg_fatura',
        resourceId: input.faturaId,
        details: { datahora_confirmado: input.pagoEm.toISOString() },
      });
    }
    return paid;
  });
  if (outcome === 'not_payable') throw conflict(INVOICE_MESSAGES.notPayable, 'not_payable');
  if (outcome === 'not_found') throw notFound();
}
