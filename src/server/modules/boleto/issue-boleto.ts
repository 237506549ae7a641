import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { toCents } from '#shared/format';
import type { Database } from '../../db/database.ts';
import { glContrato, pgBoleto, pgConta, pgFatura } from '../../db/schema.ts';
import { UNPAID_SITUACOES } from '../invoices/payment.ts';
import type { BankAccountData } from '#shared/boleto/banks/bank';
import { BOLETO_BANKS } from '#shared/boleto/banks/index';
import { boletoBarcode, linhaDigitavel } from '#shared/boleto/febraban';

/** The bank data of an account row as the banks read it. */
export function bankAccountOf(conta: typeof pgConta.$inferSelect): BankAccountData | null {
  if (!conta.boleto_banco || !conta.boleto_agencia || !conta.boleto_conta || !conta.boleto_carteira || !conta.boleto_convenio) return null;
  return {
    agencia: conta.boleto_agencia,
    agencia_dv: conta.boleto_agencia_dv,
    conta: conta.boleto_conta,
    conta_dv: conta.boleto_conta_dv,
    carteira: conta.boleto_carteira,
    convenio: conta.boleto_convenio,
  };
}

/**
 * The boleto of an open or overdue invoice whose account issues boletos, made once (issue 40,
 * decision 112): the invoice's row is locked first, so callers at once wait and find the one
 * made; the account's row hands out the next nosso número under its own lock, and the unique
 * indexes (one boleto per invoice, one nosso número per account) stand behind both. Null when
 * the invoice is not one that gets a boleto.
 */
export async function issueBoleto(db: Database, faturaId: number) {
  return db.transaction(async (tx) => {
    const [fatura] = await tx
      .select({ id: pgFatura.id, situacao: pgFatura.situacao, valor: pgFatura.valor, vencimento: pgFatura.data_vencimento, contaId: glContrato.pg_conta_id })
      .from(pgFatura)
      .innerJoin(glContrato, eq(glContrato.id, pgFatura.gl_contrato_id))
      .where(eq(pgFatura.id, faturaId))
      .for('update', { of: pgFatura });
    if (!fatura || fatura.contaId === null || !UNPAID_SITUACOES.includes(fatura.situacao)) return null;
    const [existing] = await tx.select().from(pgBoleto).where(eq(pgBoleto.pg_fatura_id, faturaId));
    if (existing) return existing;

    const [conta] = await tx
      .update(pgConta)
      .set({ boleto_sequencia: sql`${pgConta.boleto_sequencia} + 1` })
      .where(and(eq(pgConta.id, fatura.contaId), isNotNull(pgConta.boleto_banco)))
      .returning();
    const bank = conta?.boleto_banco ? BOLETO_BANKS.get(conta.boleto_banco) : undefined;
    const account = conta ? bankAccountOf(conta) : null;
    if (!conta || !bank || !account) return null;
    if (conta.boleto_sequencia > bank.maxSequence) throw new Error(`pg_conta ${conta.id}: nosso número esgotado`);

    const nossoNumero = bank.nossoNumero(account, conta.boleto_sequencia);
    const codigoBarras = boletoBarcode({
      bank: bank.code,
      amountCents: toCents(fatura.valor) ?? 0,
      dueDate: fatura.vencimento,
      freeField: bank.freeField(account, nossoNumero.digits),
    });
    const [boleto] = await tx
      .insert(pgBoleto)
      .values({
        pg_fatura_id: fatura.id,
        pg_conta_id: conta.id,
        banco: bank.code,
        sequencia: conta.boleto_sequencia,
        nosso_numero: nossoNumero.digits,
        nosso_numero_impresso: nossoNumero.printed,
        valor: fatura.valor,
        data_vencimento: fatura.vencimento,
        codigo_barras: codigoBarras,
        linha_digitavel: linhaDigitavel(codigoBarras),
      })
      .returning();
    return boleto ?? null;
  });
}

/**
 * Makes the boletos still missing (staff's remessa, before it is written): the open and overdue
 * invoices of a boleto account (or of every one) without one, a batch at a time.
 */
export async function issueMissingBoletos(db: Database, options: { contaId?: number; limit?: number } = {}): Promise<number> {
  const missing = await db
    .select({ id: pgFatura.id })
    .from(pgFatura)
    .innerJoin(glContrato, eq(glContrato.id, pgFatura.gl_contrato_id))
    .innerJoin(pgConta, eq(pgConta.id, glContrato.pg_conta_id))
    .where(
      and(
        inArray(pgFatura.situacao, UNPAID_SITUACOES),
        isNotNull(pgConta.boleto_banco),
        options.contaId === undefined ? undefined : eq(pgConta.id, options.contaId),
        sql`not exists (select 1 from ${pgBoleto} b where b.pg_fatura_id = ${pgFatura.id})`,
      ),
    )
    .limit(options.limit ?? 200);
  let made = 0;
  for (const { id } of missing) if (await issueBoleto(db, id)) made++;
  return made;
}

export type BoletoRow = typeof pgBoleto.$inferSelect;
