import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/database.ts';
import type { OverdueRule } from '#shared/overdue-charges';
import { SITUACAO } from '#shared/schemas/invoices';
import { glArquivo, glCliente, glContrato, pgConta, pgFatura, pgFaturaItem, pgNfse } from '../../platform/db/schema.ts';

/**
 * An invoice as the service maps it (§3 computed fields come from it). Instants are ISO strings.
 */
export interface InvoiceRecord {
  id: number;
  situacao: number;
  data_vencimento: string;
  datahora_confirmado: string | null;
  valor: string;
  servico_discriminacao_calculado: string | null;
  nf_numero: string | null;
  nf_datahora_emissao: string | null;
  chave_acesso: string | null;
  url_visualizar: string | null;
  has_pdf: boolean;
  /** An unpaid invoice's account's late charges (issue 39); null for paid ones and no account. */
  regra: OverdueRule | null;
  /** An unpaid invoice whose account issues boletos (issue 40). */
  boleto: boolean;
}

/** Open (5) and overdue (8): the invoices a boleto is for. */
const UNPAID: number[] = [SITUACAO.fechada, SITUACAO.vencida];

/** The description, or the items' descriptions when it is empty (COALESCE runs the subquery only then). */
const discriminacaoCalculada = sql<string | null>`coalesce(
  nullif(btrim(${pgFatura.servico_discriminacao}), ''),
  (select string_agg(i.descricao, '; ' order by i.id) from ${pgFaturaItem} i where i.pg_fatura_id = ${pgFatura.id})
)`;

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** timestamptz as PostgreSQL writes it in JSON with the session in UTC, e.g. '2026-03-09T17:30:00.5+00:00'. */
const UTC_JSON_INSTANT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(?:\+00(?::?00)?|Z)$/;

/**
 * Such an instant as toISOString() writes it. By hand, because Date parses this shape several
 * times slower and the list has two instants per row; any other shape goes through Date.
 */
function isoFromJson(value: string | null): string | null {
  if (value === null) return null;
  const match = UTC_JSON_INSTANT.exec(value);
  if (!match) return new Date(value).toISOString();
  return `${match[1]}.${`${match[2] ?? ''}000`.slice(0, 3)}Z`;
}

/** One row of the list's JSON array, positional (see listInvoicesByToken). */
type FaturaTuple = [
  number,
  number,
  string,
  string | null,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  boolean,
  [string, string, boolean] | null,
];

/**
 * The client of a token and all its invoices with their notes, newest first, in ONE query and
 * one value: PostgreSQL builds a JSON array of positional rows. On the embedded PGlite, handing
 * 240 rows of 11 columns to JavaScript costs several times what the query does; one text value
 * does not (scripts/bench/invoice-list.bench.ts). Items are not read (only the detail needs them).
 */
export async function listInvoicesByToken(db: Queryable, token: string) {
  type ListRow = { razao_social: string; cpfcnpj: string; faturas: string };
  // Both drivers (pg, PGlite) answer with { rows }; the engine-neutral Database type says unknown.
  const result = (await db.execute<ListRow>(sql`
    select c.razao_social, c.cpfcnpj, (
      select coalesce(json_agg(json_build_array(
        f.id, f.situacao, f.data_vencimento, f.datahora_confirmado, f.valor::text,
        coalesce(
          nullif(btrim(f.servico_discriminacao), ''),
          (select string_agg(i.descricao, '; ' order by i.id) from ${pgFaturaItem} i where i.pg_fatura_id = f.id)
        ),
        n.nf_numero, n.datahora_emissao, n.chave_acesso, n.url_visualizar, n.pdf_arquivo_id is not null,
        case when f.situacao in (5, 8) then (
          select json_build_array(k.multa_percentual::text, k.juros_mensal_percentual::text, k.boleto_banco is not null)
          from ${glContrato} ct join ${pgConta} k on k.id = ct.pg_conta_id where ct.id = f.gl_contrato_id)
        end
      ) order by f.data_vencimento desc, f.id desc), '[]')::text
      from ${pgFatura} f left join ${pgNfse} n on n.pg_fatura_id = f.id
      where f.gl_cliente_id = c.id
    ) as faturas
    from ${glCliente} c
    where c.fatura_token = ${token}`)) as { rows: ListRow[] };
  const row = result.rows[0];
  if (!row) return null;
  const faturas = (JSON.parse(row.faturas) as FaturaTuple[]).map(
    ([id, situacao, vencimento, confirmado, valor, discriminacao, numero, emissao, chave, url, hasPdf, regra]): InvoiceRecord => ({
      id,
      situacao,
      data_vencimento: vencimento,
      datahora_confirmado: isoFromJson(confirmado),
      valor,
      servico_discriminacao_calculado: discriminacao,
      nf_numero: numero,
      nf_datahora_emissao: isoFromJson(emissao),
      chave_acesso: chave,
      url_visualizar: url,
      has_pdf: hasPdf,
      regra: regra ? { multa: regra[0], juros: regra[1] } : null,
      boleto: regra?.[2] ?? false,
    }),
  );
  return { cliente: { razao_social: row.razao_social, cpfcnpj: row.cpfcnpj }, faturas };
}

/** One invoice, only if it belongs to the client holding the token. */
export async function findInvoiceByToken(db: Queryable, token: string, faturaId: number): Promise<InvoiceRecord | null> {
  const [row] = await db
    .select({
      id: pgFatura.id,
      situacao: pgFatura.situacao,
      data_vencimento: pgFatura.data_vencimento,
      datahora_confirmado: pgFatura.datahora_confirmado,
      valor: pgFatura.valor,
      servico_discriminacao_calculado: discriminacaoCalculada,
      nf_numero: pgNfse.nf_numero,
      nf_datahora_emissao: pgNfse.datahora_emissao,
      chave_acesso: pgNfse.chave_acesso,
      url_visualizar: pgNfse.url_visualizar,
      pdf_arquivo_id: pgNfse.pdf_arquivo_id,
      multa: pgConta.multa_percentual,
      juros: pgConta.juros_mensal_percentual,
      boletoBanco: pgConta.boleto_banco,
    })
    .from(pgFatura)
    .innerJoin(glCliente, eq(glCliente.id, pgFatura.gl_cliente_id))
    .leftJoin(pgNfse, eq(pgNfse.pg_fatura_id, pgFatura.id))
    .leftJoin(glContrato, eq(glContrato.id, pgFatura.gl_contrato_id))
    .leftJoin(pgConta, eq(pgConta.id, glContrato.pg_conta_id))
    .where(and(eq(pgFatura.id, faturaId), eq(glCliente.fatura_token, token)));
  if (!row) return null;
  const { pdf_arquivo_id, multa, juros, boletoBanco, ...rest } = row;
  return {
    ...rest,
    regra: multa !== null && juros !== null ? { multa, juros } : null,
    boleto: boletoBanco !== null && UNPAID.includes(row.situacao),
    datahora_confirmado: iso(row.datahora_confirmado),
    nf_datahora_emissao: iso(row.nf_datahora_emissao),
    has_pdf: pdf_arquivo_id !== null,
  };
}

export function listItemRows(db: Queryable, faturaId: number) {
  return db
    .select({
      id: pgFaturaItem.id,
      codigo: pgFaturaItem.codigo,
      descricao: pgFaturaItem.descricao,
      unidade: pgFaturaItem.unidade,
      qtde: pgFaturaItem.qtde,
      valor: pgFaturaItem.valor,
    })
    .from(pgFaturaItem)
    .where(eq(pgFaturaItem.pg_fatura_id, faturaId))
    .orderBy(asc(pgFaturaItem.id));
}

/** The stored PDF of an invoice's note, only for the client holding the token. */
export async function findNfsePdfRow(db: Queryable, token: string, faturaId: number) {
  const [row] = await db
    .select({
      nf_numero: pgNfse.nf_numero,
      caminho: glArquivo.caminho,
      tamanho: glArquivo.tamanho,
    })
    .from(pgFatura)
    .innerJoin(glCliente, eq(glCliente.id, pgFatura.gl_cliente_id))
    .innerJoin(pgNfse, eq(pgNfse.pg_fatura_id, pgFatura.id))
    .innerJoin(glArquivo, eq(glArquivo.id, pgNfse.pdf_arquivo_id))
    .where(and(eq(pgFatura.id, faturaId), eq(glCliente.fatura_token, token)));
  return row ?? null;
}
