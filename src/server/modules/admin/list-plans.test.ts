import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createUser, signedInAgent } from '#tests/helpers/factories.ts';
import { queryPlans } from '#tests/helpers/query-plans.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { postgresUrlOf } from '#tests/helpers/test-database.ts';

/**
 * Issue 37: the staff lists' searches and orders are served by indexes (tests/helpers/
 * query-plans.ts). PostgreSQL only (the plans are PostgreSQL's).
 */
let t: TestApp;
let staff: ApiAgent;
const plans = queryPlans();
const planOf = (pattern: RegExp, options?: { search?: boolean }) => plans.planOf(pattern, options);

beforeAll(async () => {
  t = await createTestApp();
  if (t.database.kind !== 'postgres') return;
  await t.db.execute(sql`
    insert into gl_cliente (tipo_pessoa, cpfcnpj, razao_social, fatura_token)
    select 2, lpad(i::text, 14, '0'), 'Cliente ' || i || case when i % 10 = 0 then ' da Silva' else ' Souza' end, md5('c' || i) || md5('t' || i)
      from generate_series(1, 500) as i
  `);
  await t.db.execute(sql`
    insert into pg_fatura (gl_cliente_id, situacao, data_vencimento, valor, servico_discriminacao)
    select c.id, 5, date '2026-01-10' + n, 100.00, 'Licenciamento de software, parcela ' || n
      from gl_cliente c cross join generate_series(1, 4) as n
  `);
  await t.db.execute(sql`analyze`);
  staff = await signedInAgent(t, (await createUser(t.db, { nivel: 1 })).id);
  await plans.connect(await postgresUrlOf(t.database));
});
afterAll(async () => {
  await plans.close();
  await t.close();
});

async function list(path: string) {
  plans.forget();
  const response = await staff.get(path);
  expect(response.status).toBe(200);
}

describe('the staff lists on their indexes (issue 37)', () => {
  it('searches invoices by client or service text through trigram indexes, not across the join', async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    await list('/api/admin/pg_fatura?q=silva');
    const plan = await planOf(/from "pg_fatura".*limit/is, { search: true });
    expect(plan).toContain('pg_fatura_servico_discriminacao_trgm_idx');
    expect(plan).toContain('gl_cliente_razao_social_trgm_idx');
  });

  it('gives the first page of invoices from the due-date index, without sorting them all', async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    await list('/api/admin/pg_fatura');
    const plan = await planOf(/from "pg_fatura".*limit/is);
    expect(plan).toContain('pg_fatura_vencimento_idx');
    expect(plan).not.toMatch(/(^|->)\s*Sort\s+\(/m);
  });

  it('searches clients and people through trigram indexes, and orders them by an index', async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    // One lowercased search column each (migration 0016), LIKE on it rather than an ILIKE a column.
    await list('/api/admin/gl_cliente?q=silva');
    const search = await planOf(/from "gl_cliente".*limit/is, { search: true });
    expect(search).toContain('gl_cliente_busca_trgm_idx');
    await list('/api/admin/gl_usuario?q=silva');
    expect(await planOf(/from "gl_usuario".*limit/is, { search: true })).toContain('gl_usuario_busca_trgm_idx');
    await list('/api/admin/gl_cliente/dropdown?q=silva');
    expect(await planOf(/from "gl_cliente".*limit/is, { search: true })).toContain('gl_cliente_busca_trgm_idx');
    await list('/api/admin/gl_cliente');
    const plan = await planOf(/from "gl_cliente".*limit/is);
    expect(plan).toContain('gl_cliente_razao_social_idx');
    expect(plan).not.toMatch(/(^|->)\s*Sort\s+\(/m);
  });

  it('seeks the page after a held one by its key on the index, and reads the last page from the end', async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    const first = (await staff.get<{ cursor_fim: string; last_page: number }>('/api/admin/pg_fatura?per_page=10')).body.data;
    await list(`/api/admin/pg_fatura?per_page=10&page=2&apos=${first.cursor_fim}`);
    const seek = await planOf(/from "pg_fatura".*limit/is);
    expect(seek).toMatch(/Index (Only )?Scan using pg_fatura_vencimento_idx/);
    expect(seek).toMatch(/Index Cond: \(ROW\(/);
    expect(seek).not.toMatch(/(^|->)\s*Sort\s+\(/m);
    await list(`/api/admin/pg_fatura?per_page=10&page=${first.last_page}`);
    const last = await planOf(/from "pg_fatura".*limit/is);
    expect(last).toMatch(/Index (Only )?Scan Backward using pg_fatura_vencimento_idx/);
    expect(last).not.toMatch(/(^|->)\s*Sort\s+\(/m);
  });

  it('gives the client and user picks in the order of their name indexes, without sorting everyone', async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    await list('/api/admin/gl_usuario/dropdown');
    const people = await planOf(/from "gl_usuario".*limit/is);
    expect(people).toContain('gl_usuario_nome_idx');
    expect(people).not.toMatch(/(^|->)\s*Sort\s+\(/m);
    await list('/api/admin/gl_cliente/dropdown');
    const clients = await planOf(/from "gl_cliente".*limit/is);
    expect(clients).toContain('gl_cliente_razao_social_idx');
    expect(clients).not.toMatch(/(^|->)\s*Sort\s+\(/m);
  });

  it('seeks a deep page typed by its number from the value the statistics place there, not by offset, and counts no table far larger than its count', async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    await t.db.execute(sql`
      insert into gl_cliente (tipo_pessoa, cpfcnpj, razao_social, fatura_token)
      select 2, lpad((60000000 + i)::text, 14, '0'), 'Profundo ' || lpad(i::text, 6, '0'), md5('d' || i) || md5('p' || i)
        from generate_series(1, 30000) as i
    `);
    await t.db.execute(sql`analyze gl_cliente`);
    await list('/api/admin/gl_cliente?page=1000');
    // Thrice the rows it would count, by the planner's size of the table: not counted.
    expect(plans.statements(/count\(\*\)/)).toEqual([]);
    const plan = await planOf(/from "gl_cliente".*limit/is);
    expect(plan).toMatch(/Index (Only )?Scan using gl_cliente_razao_social_idx/);
    expect(plan).toMatch(/Index Cond: \(\(?razao_social\)?(::text)? >= /);
  });
});
