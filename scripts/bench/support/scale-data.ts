/**
 * A provider's data at scale, for the benchmarks (issue 35, and the first part of issue 37's
 * large data set): clients with a manager each (a user and a level-10 link), on one product's
 * monthly paid option paid through a PIX account, each with an active contract. Written with
 * generate_series in a few statements, so 100 000 contracts take seconds, not minutes.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/server/platform/db/database.ts';

export interface ScaleProduct {
  produtoId: number;
  pagamentoId: number;
  planoId: number;
  contaId: number;
}

/** The product, plan, option and account every generated contract uses. */
export async function scaleProduct(db: Database): Promise<ScaleProduct> {
  const rows = (await db.execute<{ produto: number; plano: number; pagamento: number; conta: number }>(sql`
    with produto as (
      insert into gl_produto (nome, url) values ('Produto em escala', '/painel') returning id
    ), plano as (
      insert into gl_plano (gl_produto_id, nome, nome_exibicao)
      select id, 'escala', 'Profissional' from produto returning id
    ), pagamento as (
      insert into gl_plano_pagamento (gl_plano_id, cobranca_tipo, cobranca_tipo_desc, valor)
      select id, 1, 'Mensal', 99.90 from plano returning id
    ), conta as (
      insert into pg_conta (nome, nome_exibicao, pix_chave_tipo, pix_chave, pix_nome, pix_cidade)
      values ('Pix escala', 'Pix', 'cnpj', '11444777000161', 'Provedora Escala', 'SAO PAULO') returning id
    )
    select (select id from produto) as produto, (select id from plano) as plano,
           (select id from pagamento) as pagamento, (select id from conta) as conta
  `)) as { rows: { produto: number; plano: number; pagamento: number; conta: number }[] };
  const row = rows.rows[0];
  if (!row) throw new Error('scale product not created');
  return { produtoId: row.produto, planoId: row.plano, pagamentoId: row.pagamento, contaId: row.conta };
}

/**
 * Clients numbered `from`..`to`, each with a manager and a monthly contract whose period ends on
 * `periodEnd` (a month long) and is billed to its end: their next period is billed by the run
 * that finds it within the lead time.
 */
export async function scaleContracts(
  db: Database,
  product: ScaleProduct,
  range: { from: number; to: number; periodStart: string; periodEnd: string },
): Promise<void> {
  const { from, to } = range;
  await db.execute(sql`
    insert into gl_cliente (tipo_pessoa, cpfcnpj, razao_social, email, fatura_token)
    select 2, lpad(i::text, 14, '0'), 'Cliente em escala ' || i, 'cliente' || i || '@escala.example',
           md5('token' || i) || md5('escala' || i)
    from generate_series(${from}::int, ${to}::int) as i
  `);
  await db.execute(sql`
    insert into gl_usuario (nome, apelido, email, senha_hash)
    select 'Gerente ' || i, 'G' || i, 'gerente' || i || '@escala.example', 'sem-senha'
    from generate_series(${from}::int, ${to}::int) as i
  `);
  await db.execute(sql`
    insert into gl_cliente_usuario (gl_cliente_id, gl_usuario_id, nivel)
    select c.id, u.id, 10
    from generate_series(${from}::int, ${to}::int) as i
    join gl_cliente c on c.cpfcnpj = lpad(i::text, 14, '0')
    join gl_usuario u on lower(u.email) = 'gerente' || i || '@escala.example'
  `);
  await db.execute(sql`
    insert into gl_contrato (gl_cliente_id, gl_produto_id, gl_plano_id, gl_plano_pagamento_id,
                             pg_conta_id, periodo_inicio, periodo_fim, faturado_ate)
    select c.id, ${product.produtoId}, ${product.planoId}, ${product.pagamentoId}, ${product.contaId},
           ${range.periodStart}::date, ${range.periodEnd}::date, ${range.periodEnd}::date
    from generate_series(${from}::int, ${to}::int) as i
    join gl_cliente c on c.cpfcnpj = lpad(i::text, 14, '0')
  `);
  // A database in use is vacuumed and analysed by autovacuum; fresh bulk rows are not yet.
  await db.execute(sql`vacuum (analyze) gl_cliente, gl_usuario, gl_cliente_usuario, gl_contrato`);
}
