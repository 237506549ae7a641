import { and, eq, inArray, lte } from 'drizzle-orm';
import { formatDate, formatMoney } from '#shared/format';
import { INVOICE_MESSAGES } from '#shared/schemas/invoices';
import type { Database } from '../../db/database.ts';
import { glCliente, glClienteUsuario, glUsuario, pgFatura } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { paymentReceiptMail } from '../../mail/templates.ts';

/** Open (5) and overdue (8) invoices can be paid; paid is 6 (§3 situações). */
const PAYABLE = [5, 8];
const PAID = 6;
/** §6: the client's managers. */
const MANAGER_LEVEL = 10;

/**
 * Marks an invoice paid at `pagoEm` (issue 20: staff, later the PSP's webhook). A conditional
 * update decides it, so however many confirmations arrive at once one of them pays it and sends
 * the receipt to the client's managers (through the outbox, in the same transaction); the others
 * are told it was not open.
 */
export async function confirmInvoicePayment(
  db: Database,
  input: { faturaId: number; pagoEm: Date; providerName: string; publicUrl: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [paid] = await tx
      .update(pgFatura)
      .set({ situacao: PAID, datahora_confirmado: input.pagoEm })
      .where(and(eq(pgFatura.id, input.faturaId), inArray(pgFatura.situacao, PAYABLE)))
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
      throw exists ? conflict(INVOICE_MESSAGES.notPayable, 'not_payable') : notFound();
    }
    const [cliente] = await tx
      .select({ razaoSocial: glCliente.razao_social, token: glCliente.fatura_token })
      .from(glCliente)
      .where(eq(glCliente.id, paid.clienteId));
    const managers = await tx
      .select({ nome: glUsuario.nome, email: glUsuario.email })
      .from(glClienteUsuario)
      .innerJoin(glUsuario, eq(glUsuario.id, glClienteUsuario.gl_usuario_id))
      .where(
        and(
          eq(glClienteUsuario.gl_cliente_id, paid.clienteId),
          lte(glClienteUsuario.nivel, MANAGER_LEVEL),
          eq(glUsuario.ativo, true),
        ),
      );
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
          invoicesUrl: new URL(
            `/cliente/${cliente?.token ?? ''}/fatura`,
            `${input.publicUrl}/`,
          ).toString(),
        }),
      });
    }
  });
}
