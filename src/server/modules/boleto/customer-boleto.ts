import { and, eq } from 'drizzle-orm';
import { formatLinhaDigitavel } from '#shared/boleto/febraban';
import type { FaturaBoletoDto } from '#shared/schemas/invoices';
import type { Database } from '../../platform/db/database.ts';
import { glCliente, pgBoleto, pgFatura } from '../../platform/db/schema.ts';
import { BOLETO_BANKS } from '#shared/boleto/banks/index';
import { issueBoleto, type BoletoRow } from './issue-boleto.ts';

/** The boleto's PDF under the client's token, like the invoice's. */
const boletoPdfPath = (token: string, faturaId: number) =>
  `/api/pg_fatura/cliente/${encodeURIComponent(token)}/${faturaId}/boleto.pdf`;

/** The boleto of the token's client's invoice: the one made, or made now; null when none applies. */
export async function customerBoleto(db: Database, token: string, faturaId: number): Promise<BoletoRow | null> {
  const [owned] = await db
    .select({ id: pgFatura.id, boleto: pgBoleto.id })
    .from(pgFatura)
    .innerJoin(glCliente, eq(glCliente.id, pgFatura.gl_cliente_id))
    .leftJoin(pgBoleto, eq(pgBoleto.pg_fatura_id, pgFatura.id))
    .where(and(eq(pgFatura.id, faturaId), eq(glCliente.fatura_token, token)));
  if (!owned) return null;
  if (owned.boleto !== null) {
    const [row] = await db.select().from(pgBoleto).where(eq(pgBoleto.id, owned.boleto));
    return row ?? null;
  }
  return issueBoleto(db, faturaId);
}

/**
 * What the customer sees (issue 40): before the bank confirms the registration, no payable
 * boleto ('Boleto em registro no banco'); once registered, the linha digitável and the PDF.
 */
export function toBoletoDto(boleto: BoletoRow, token: string): FaturaBoletoDto {
  const payable = boleto.situacao === 'registrado';
  return {
    id: boleto.pg_fatura_id,
    situacao: boleto.situacao as FaturaBoletoDto['situacao'],
    banco: BOLETO_BANKS.get(boleto.banco)?.name ?? boleto.banco,
    valor: boleto.valor,
    data_vencimento: boleto.data_vencimento,
    nosso_numero: boleto.nosso_numero_impresso,
    linha_digitavel: payable ? formatLinhaDigitavel(boleto.linha_digitavel) : null,
    pdf_url: payable ? boletoPdfPath(token, boleto.pg_fatura_id) : null,
  };
}
