import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { toCents } from '#shared/format';
import type { Database, Queryable } from '../../platform/db/database.ts';
import { glContrato, pgBoleto, pgConta, pgFatura } from '../../platform/db/schema.ts';
import { UNPAID_SITUACOES } from '../invoices/index.ts';
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
 * made; the account's row hands out the next nosso número under its own lock (makeBoletos), and
 * the unique indexes (one boleto per invoice, one nosso número per account) stand behind both.
 * Null when the invoice is not one that gets a boleto.
 */
export async function issueBoleto(db: Database, faturaId: number): Promise<BoletoRow | null> {
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
    const [boleto] = await makeBoletos(tx, [{ id: fatura.id, valor: fatura.valor, vencimento: fatura.vencimento, contaId: fatura.contaId }]);
    return boleto ?? null;
  });
}

/** An invoice to make a boleto for: its amount and due date, and its contract's payment account. */
interface BoletoInvoice {
  id: number;
  valor: string;
  vencimento: string;
  contaId: number;
}

/**
 * Makes the boletos of invoices that have none, in the caller's transaction, which holds them
 * (locked, or written by it: the invoice issue, so its e-mail can tell of the boleto). Per
 * account, in id order so that two transactions never wait on each other's accounts, one update
 * takes the next nosso números and keeps the account's row locked to the commit; one insert
 * writes them all. The invoices of an account without bank data get none.
 */
export async function makeBoletos(tx: Queryable, invoices: readonly BoletoInvoice[]): Promise<BoletoRow[]> {
  const byAccount = new Map<number, BoletoInvoice[]>();
  for (const invoice of invoices) byAccount.set(invoice.contaId, [...(byAccount.get(invoice.contaId) ?? []), invoice]);
  const values: (typeof pgBoleto.$inferInsert)[] = [];
  for (const [contaId, ofAccount] of [...byAccount].sort(([a], [b]) => a - b)) {
    const [conta] = await tx
      .update(pgConta)
      .set({ boleto_sequencia: sql`${pgConta.boleto_sequencia} + ${ofAccount.length}` })
      .where(and(eq(pgConta.id, contaId), isNotNull(pgConta.boleto_banco)))
      .returning();
    const bank = conta?.boleto_banco ? BOLETO_BANKS.get(conta.boleto_banco) : undefined;
    const account = conta ? bankAccountOf(conta) : null;
    if (!conta || !bank || !account) continue;
    if (conta.boleto_sequencia > bank.maxSequence) throw new Error(`pg_conta ${conta.id}: nosso número esgotado`);
    // The update returned the last number taken; the first is this many before it.
    const first = conta.boleto_sequencia - ofAccount.length + 1;
    for (const [index, fatura] of ofAccount.entries()) {
      const sequencia = first + index;
      const nossoNumero = bank.nossoNumero(account, sequencia);
      const codigoBarras = boletoBarcode({
        bank: bank.code,
        amountCents: toCents(fatura.valor) ?? 0,
        dueDate: fatura.vencimento,
        freeField: bank.freeField(account, nossoNumero.digits),
      });
      values.push({
        pg_fatura_id: fatura.id,
        pg_conta_id: conta.id,
        banco: bank.code,
        sequencia,
        nosso_numero: nossoNumero.digits,
        nosso_numero_impresso: nossoNumero.printed,
        valor: fatura.valor,
        data_vencimento: fatura.vencimento,
        codigo_barras: codigoBarras,
        linha_digitavel: linhaDigitavel(codigoBarras),
      });
    }
  }
  if (values.length === 0) return [];
  return tx.insert(pgBoleto).values(values).returning();
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
