import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pagination } from '#shared/schemas/crud';
import type { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createUser, signedInAgent } from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Issue 37 (decision 106): a staff list's pages sought by key from the page the screen holds,
 * read from the end in the second half, and a total counted up to 10 000 rows (a search's 500)
 * and estimated past that. Whatever way a page is found, it holds the rows of the list's order at its place.
 */
let t: TestApp;
let staff: ApiAgent;
const PAGINADOS = 53;
let expected: number[];

beforeAll(async () => {
  t = await createTestApp();
  // Names repeat (every fifth), so the order's tiebreaker, the id, decides their places.
  await t.db.execute(sql`
    insert into gl_cliente (tipo_pessoa, cpfcnpj, razao_social, fatura_token)
    select 2, lpad((90000000 + i)::text, 14, '0'), 'Paginado ' || lpad((i % 20)::text, 2, '0'),
           md5('p' || i) || md5('q' || i)
      from generate_series(1, ${PAGINADOS}) as i
  `);
  const rows = (await t.db.execute<{ id: number }>(sql`
    select id from gl_cliente where razao_social like 'Paginado %' order by razao_social, id
  `)) as { rows: { id: number }[] };
  expected = rows.rows.map((row) => Number(row.id));
  staff = await signedInAgent(t, (await createUser(t.db, { nivel: 1 })).id);
});
afterAll(() => t.close());

type Page = Pagination<{ id: number }>;

async function page(number: number, extra = ''): Promise<Page> {
  const response = await staff.get<Page>(`/api/admin/gl_cliente?q=Paginado&per_page=10&page=${number}${extra}`);
  expect(response.status).toBe(200);
  return response.body.data;
}
const ids = (found: Page) => found.data.map((row) => Number(row.id));
const slice = (number: number) => expected.slice((number - 1) * 10, number * 10);

describe('a staff list paged at any depth (issue 37)', () => {
  it('gives each page the rows of its place, found by offset, from the end or from a neighbour', async () => {
    expect(expected).toHaveLength(PAGINADOS);
    // Without a cursor: page 1 from the start, pages 3..6 (the second half) from the end.
    for (let number = 1; number <= 6; number++) {
      const found = await page(number);
      expect(ids(found), `page ${number}`).toEqual(slice(number));
      expect(found).toMatchObject({ total: PAGINADOS, last_page: 6, total_estimado: false });
    }
    // Forward, each page from the last key of the one before; then backward from the first key.
    let current = await page(1);
    for (let number = 2; number <= 6; number++) {
      current = await page(number, `&apos=${current.cursor_fim}`);
      expect(ids(current), `forward to ${number}`).toEqual(slice(number));
    }
    for (let number = 5; number >= 1; number--) {
      current = await page(number, `&antes=${current.cursor_inicio}`);
      expect(ids(current), `back to ${number}`).toEqual(slice(number));
    }
    // A numbered page two steps away, either way (the §9 bar's window).
    const third = await page(3);
    expect(ids(await page(5, `&apos=${third.cursor_fim}`))).toEqual(slice(5));
    expect(ids(await page(1, `&antes=${third.cursor_inicio}`))).toEqual(slice(1));
  });

  it('ignores a cursor it did not make, and one pointing the wrong way', async () => {
    const first = await page(1);
    const forged = Buffer.from(JSON.stringify([1, 'x', 'nao-e-numero'])).toString('base64url');
    for (const extra of [`&apos=${forged}`, '&apos=%%%', `&antes=${first.cursor_fim}`, `&apos=${'a'.repeat(500)}`]) {
      expect(ids(await page(2, extra)), extra).toEqual(slice(2));
    }
  });

  it('seeks invoices by due date and id, a date column as its key', async () => {
    const cliente = expected[0]!;
    await t.db.execute(sql`
      insert into pg_fatura (gl_cliente_id, situacao, data_vencimento, valor)
      select ${cliente}, 5, date '2031-03-01' + (n % 7), 10.00 from generate_series(1, 25) as n
    `);
    const all = (await t.db.execute<{ id: number }>(sql`
      select id from pg_fatura where gl_cliente_id = ${cliente} order by data_vencimento desc, id desc
    `)) as { rows: { id: number }[] };
    const order = all.rows.map((row) => Number(row.id));
    const get = async (number: number, extra = '') => {
      const response = await staff.get<Page>(`/api/admin/pg_fatura?gl_cliente_id=${cliente}&per_page=10&page=${number}${extra}`);
      expect(response.status).toBe(200);
      return response.body.data;
    };
    const first = await get(1);
    const second = await get(2, `&apos=${first.cursor_fim}`);
    expect(ids(second)).toEqual(order.slice(10, 20));
    expect(ids(await get(1, `&antes=${second.cursor_inicio}`))).toEqual(order.slice(0, 10));
    expect(ids(await get(3))).toEqual(order.slice(20));
  });

  it('counts up to 10 000 rows and estimates past that; the last page holds the last rows', async () => {
    await t.db.execute(sql`
      insert into gl_cliente (tipo_pessoa, cpfcnpj, razao_social, fatura_token)
      select 2, lpad((80000000 + i)::text, 14, '0'), 'Estimado ' || lpad(i::text, 6, '0'), md5('e' || i) || md5('f' || i)
        from generate_series(1, 10050) as i
    `);
    await t.db.execute(sql`analyze gl_cliente`);
    const response = await staff.get<Page>('/api/admin/gl_cliente?q=Estimado&per_page=100');
    const found = response.body.data;
    expect(found.total_estimado).toBe(true);
    expect(found.total).toBeGreaterThan(10_000);
    expect(found.last_page).toBe(Math.ceil(found.total / 100));
    const last = await staff.get<Page>(`/api/admin/gl_cliente?q=Estimado&per_page=100&page=${found.last_page}`);
    const names = last.body.data.data.map((row) => (row as unknown as { razao_social: string }).razao_social);
    expect(names.at(-1)).toBe('Estimado 010050');
    expect(names).toHaveLength(100);
    // Under the limit the count is exact: 10 000 rows for a list, 500 matches for a search.
    const exact = await staff.get<Page>('/api/admin/gl_cliente?q=Estimado 010050');
    expect(exact.body.data).toMatchObject({ total: 1, total_estimado: false, total_contado_ate: 500 });
    const thousands = await staff.get<Page>('/api/admin/gl_cliente?q=Estimado 00');
    expect(thousands.body.data).toMatchObject({ total_estimado: true, total_contado_ate: 500 });
    expect(thousands.body.data.total).toBeGreaterThan(500);
    await t.db.execute(sql`delete from gl_cliente where razao_social like 'Estimado 00%' and razao_social > 'Estimado 002000'`);
    const left = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from gl_cliente`)) as { rows: { n: number }[] };
    expect(left.rows[0]!.n).toBeGreaterThan(1_000);
    const all = await staff.get<Page>('/api/admin/gl_cliente');
    expect(all.body.data).toMatchObject({ total: left.rows[0]!.n, total_estimado: false, total_contado_ate: 10_000 });
  });

  it('places a deep page typed by its number by the statistics, past the counted rows, and goes on from it by key', async () => {
    await t.db.execute(sql`
      insert into gl_cliente (tipo_pessoa, cpfcnpj, razao_social, fatura_token)
      select 2, lpad((70000000 + i)::text, 14, '0'), (array['Alfa', 'Beta', 'Gama', 'Delta'])[1 + i % 4] || ' Profundo ' || (i % 700),
             md5('g' || i) || md5('h' || i)
        from generate_series(1, 30000) as i
    `);
    await t.db.execute(sql`analyze gl_cliente`);
    const order = ((await t.db.execute<{ id: number }>(sql`select id from gl_cliente order by razao_social, id`)) as {
      rows: { id: number }[];
    }).rows.map((row) => Number(row.id));
    const get = async (extra: string) => (await staff.get<Page>(`/api/admin/gl_cliente?per_page=100${extra}`)).body.data;

    const deep = await get('&page=200');
    expect(deep.total_estimado).toBe(true);
    const place = order.indexOf(ids(deep)[0]!);
    // Rows in the list's order, from about where page 200 starts (19 900), within 5 % of the list.
    expect(ids(deep)).toEqual(order.slice(place, place + 100));
    expect(Math.abs(place - 19_900)).toBeLessThan(order.length * 0.05);
    const next = await get(`&page=201&apos=${deep.cursor_fim}`);
    expect(ids(next)).toEqual(order.slice(place + 100, place + 200));
    const previous = await get(`&page=199&antes=${deep.cursor_inicio}`);
    expect(ids(previous)).toEqual(order.slice(place - 100, place));
  });

  it("searches invoices by the client's name or the service text, each invoice once, few matches or many", async () => {
    const [a, b] = [expected[10], expected[11]];
    await t.db.execute(sql`update gl_cliente set razao_social = 'Oficina Quaresma Ltda' where id = ${a!}`);
    await t.db.execute(sql`
      insert into pg_fatura (gl_cliente_id, situacao, data_vencimento, valor, servico_discriminacao)
      values (${a!}, 5, '2032-01-10', 1, 'Manutenção'), (${a!}, 5, '2032-01-11', 1, 'Quaresma: suporte'),
             (${b!}, 5, '2032-01-12', 1, 'Implantação para Quaresma'), (${b!}, 5, '2032-01-13', 1, 'Outra coisa')
    `);
    const few = await staff.get<Page>('/api/admin/pg_fatura?q=quaresma');
    expect(few.body.data).toMatchObject({ total: 3, total_estimado: false });
    const servicos = few.body.data.data.map((row) => (row as unknown as { servico_discriminacao: string }).servico_discriminacao);
    expect(servicos).toEqual(['Implantação para Quaresma', 'Quaresma: suporte', 'Manutenção']);

    // Past 500 matches: the list's order with the search as a filter, the total estimated.
    await t.db.execute(sql`
      insert into pg_fatura (gl_cliente_id, situacao, data_vencimento, valor, servico_discriminacao)
      select ${b!}, 5, date '2020-01-01' + (n % 900), 1, 'Serviço recorrente ' || n from generate_series(1, 1050) as n
    `);
    await t.db.execute(sql`analyze pg_fatura`);
    const many = await staff.get<Page>('/api/admin/pg_fatura?q=recorrente&per_page=10');
    expect(many.body.data).toMatchObject({ total_estimado: true });
    const top = (await t.db.execute<{ id: number }>(sql`
      select id from pg_fatura where servico_discriminacao like 'Serviço recorrente %'
       order by data_vencimento desc, id desc limit 10
    `)) as { rows: { id: number }[] };
    expect(ids(many.body.data)).toEqual(top.rows.map((row) => Number(row.id)));
  });
});
