/**
 * `npm run bench:scale` (issue 37): the customer and staff calls and the periodic jobs on a small
 * provider's database and on a large one, on PostgreSQL, each figure against its target:
 * on the large set, median ≤ 2× the small median and p95 ≤ 50 ms; the reminders and housekeeping
 * runs with nothing to do ≤ 20 ms; reading a person's data for the LGPD export like a call.
 *
 * The data is built with generate_series in two throwaway databases, the small set (1 000 clients)
 * and the large one (100 000 clients, 200 000 people, 250 000 links, 2.1 million invoices with 2.7
 * million items and 1.9 million NFS-e, 1 million sign-ins, 500 000 e-mails), and every call is
 * measured on both alternately.
 * Names are Brazilian ones with two surnames (a client's after its trade), the second drawn by a
 * hash, independent of the first name; 'Silva' one surname in forty, so a search for 'silva' matches thousands, spread over the name order as in a real list.
 * (With one surname of twenty after one of thirty first names, every 'Silva' sat thousands of
 * rows into the order, which a list of real names does not do.) Fixed rows in both sets: a staff member, a client with 240 invoices whose manager has
 * 2 000 sign-ins. BENCH_SCALE (default 1) shrinks the large set, e.g. 0.05 to try the script.
 * Server time of each request (app.inject, one address a request), 20 warm-up and 100 measured.
 * BENCH_KEEP_DATABASE=1 keeps the database afterwards, to study its plans (its address is printed).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/platform/config.ts';
import { openDatabase, type Database } from '../../src/server/platform/db/database.ts';
import { seedReferenceData } from '../../src/server/platform/db/reference-data.ts';
import { purgeExpiredRecords } from '../../src/server/modules/housekeeping/housekeeping.ts';
import { sendInvoiceReminders } from '../../src/server/modules/invoices/reminders.ts';
import { collectPersonalData } from '../../src/server/modules/privacy/personal-data.ts';
import { SESSION_COOKIE } from '../../src/server/platform/session/session-plugin.ts';
import { createSession } from '../../src/server/platform/session/session-store.ts';
import {
  createClient,
  createContract,
  createPendingPlanChange,
  createPlanWithOption,
  createProduct,
  createUser,
  linkUserToClient,
} from '../../tests/helpers/factories.ts';
import { percentile } from './support/percentile.ts';
import { throwawayDatabase, type ThrowawayDatabase } from './support/postgres.ts';
import { report } from './support/report.ts';

const SMALL_CLIENTS = 1_000;
const LARGE_CLIENTS = Math.round(100_000 * Number(process.env.BENCH_SCALE ?? 1));
const WARM_UP = 20;
const RUNS = 100;
const P95_MAX_MS = 50;
const JOB_MAX_MS = 20;

const SURNAMES = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes',
  'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa',
  'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas',
  'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Araújo', 'Pinto', 'Correia', 'Cavalcanti', 'Moura'];
const FIRST_NAMES = ['Ana', 'Bruno', 'Carla', 'Daniel', 'Eduarda', 'Felipe', 'Gabriela', 'Henrique', 'Isabela', 'João',
  'Juliana', 'Lucas', 'Mariana', 'Nicolas', 'Patrícia', 'Rafael', 'Sofia', 'Thiago', 'Vitória', 'Wagner',
  'Beatriz', 'Caio', 'Débora', 'Enzo', 'Fernanda', 'Gustavo', 'Helena', 'Igor', 'Larissa', 'Mateus',
  'Adriana', 'Antônio', 'Camila', 'Carlos', 'Cláudia', 'Diego', 'Elaine', 'Fábio', 'Francisca', 'Guilherme',
  'Jéssica', 'José', 'Letícia', 'Luiz', 'Márcia', 'Marcos', 'Maria', 'Paulo', 'Pedro', 'Renata',
  'Ricardo', 'Rodrigo', 'Sandra', 'Sérgio', 'Tatiane', 'Vanessa', 'Vinícius', 'Yasmin', 'Alice', 'Otávio'];
const TRADES = ['Comercial', 'Distribuidora', 'Oficina', 'Padaria', 'Transportes', 'Consultoria', 'Mercado', 'Clínica',
  'Construtora', 'Papelaria'];
const SUFFIXES = ['Ltda', 'ME', 'S.A.', 'EIRELI'];
const array = (values: string[]) => sql.raw(`array[${values.map((value) => `'${value}'`).join(', ')}]`);

async function maxId(db: Database, table: string): Promise<number> {
  const result = (await db.execute<{ max: number | null }>(sql.raw(`select max(id) as max from ${table}`))) as {
    rows: { max: number | null }[];
  };
  return Number(result.rows[0]?.max ?? 0);
}

/** Clients `from`..`to` with their people, links, invoices, items, NFS-e, sign-ins and e-mails. */
async function grow(db: Database, from: number, to: number): Promise<void> {
  const started = performance.now();
  const clientsBefore = await maxId(db, 'gl_cliente');
  await db.execute(sql`
    insert into gl_cliente (tipo_pessoa, cpfcnpj, razao_social, email, fatura_token)
    select 2, lpad(i::text, 14, '0'),
           (${array(TRADES)})[1 + i % 10] || ' ' || (${array(SURNAMES)})[1 + (i / 10) % 40] || ' '
             || (${array(SURNAMES)})[1 + abs(hashint4(i) % 40)] || ' ' || (${array(SUFFIXES)})[1 + i % 4],
           'contato' || i || '@cliente.example', md5('t' || i) || md5('u' || i)
      from generate_series(${from}::int, ${to}::int) as i`);
  const peopleBefore = await maxId(db, 'gl_usuario');
  await db.execute(sql`
    insert into gl_usuario (nome, apelido, email, senha_hash)
    select (${array(FIRST_NAMES)})[1 + j % 60] || ' ' || (${array(SURNAMES)})[1 + (j / 60) % 40] || ' '
             || (${array(SURNAMES)})[1 + abs(hashint4(j) % 40)], 'P' || j,
           'pessoa' || j || '@escala.example', 'sem-senha'
      from generate_series(${2 * from - 1}::int, ${2 * to}::int) as j`);
  // Each client: its manager (10) and a user (20); every other client also the manager of the one before.
  await db.execute(sql`
    insert into gl_cliente_usuario (gl_cliente_id, gl_usuario_id, nivel)
    select c.id, ${peopleBefore} + 2 * (c.id - ${clientsBefore}) - 1, 10 from gl_cliente c where c.id > ${clientsBefore}
    union all
    select c.id, ${peopleBefore} + 2 * (c.id - ${clientsBefore}), 20 from gl_cliente c where c.id > ${clientsBefore}
    union all
    select c.id, ${peopleBefore} + 2 * (c.id - ${clientsBefore}) - 3, 20 from gl_cliente c
     where c.id > ${clientsBefore} + 1 and c.id % 2 = 0`);
  // 21 monthly invoices a client, the last one open and due in ten days or more (no reminder).
  const invoicesBefore = await maxId(db, 'pg_fatura');
  await db.execute(sql`
    insert into pg_fatura (gl_cliente_id, situacao, data_vencimento, valor, servico_discriminacao, datahora_confirmado)
    select c.id, case when n = 21 then 5 else 6 end,
           case when n = 21 then current_date + 10 + c.id % 10 else current_date - (21 - n) * 30 - c.id % 28 end,
           99.90, 'Licenciamento de uso do software, plano Profissional, parcela ' || n,
           case when n = 21 then null else now() - (21 - n) * interval '30 days' end
      from gl_cliente c cross join generate_series(1, 21) as n where c.id > ${clientsBefore}`);
  await db.execute(sql`
    insert into pg_fatura_item (pg_fatura_id, codigo, descricao, unidade, qtde, valor)
    select f.id, '1.05', 'Licenciamento', 'UN', 1, 99.90 from pg_fatura f where f.id > ${invoicesBefore}
    union all
    select f.id, '1.07', 'Suporte', 'UN', 1, 0 from pg_fatura f where f.id > ${invoicesBefore} and f.id % 10 < 3`);
  await db.execute(sql`
    insert into pg_nfse (pg_fatura_id, nf_numero, datahora_emissao)
    select f.id, f.id::text, f.datahora_confirmado from pg_fatura f
     where f.id > ${invoicesBefore} and f.situacao = 6 and f.id % 10 <> 0`);
  // Five sign-ins a person over 60 days; one e-mail for every other person, sent.
  await db.execute(sql`
    insert into gl_usuario_acesso (gl_usuario_id, tipo, ip, user_agent, datahora_criado)
    select u.id, 'sucesso', '10.0.0.1', 'Mozilla/5.0', now() - (u.id % 60) * interval '1 day' - n * interval '1 hour'
      from gl_usuario u cross join generate_series(1, 5) as n where u.id > ${peopleBefore}`);
  await db.execute(sql`
    insert into gl_email_saida (destinatario, assunto, corpo_html, corpo_texto, situacao, datahora_enviado, datahora_criado)
    select u.email, 'Sua fatura', '<p>Fatura</p>', 'Fatura', 'enviado', now() - (u.id % 80) * interval '1 day',
           now() - (u.id % 80) * interval '1 day'
      from gl_usuario u where u.id > ${peopleBefore} and u.id % 2 = 0`);
  await db.execute(sql`vacuum (analyze)`);
  console.log(`  clients ${from}..${to} built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

interface Fixed {
  managerId: number;
  staffCookie: string;
  customerCookie: string;
  token: string;
  produtoId: number;
}

/** A staff member, and a client with 240 invoices whose manager signed in 2 000 times. */
async function fixedRows(db: Database): Promise<Fixed> {
  const produto = await createProduct(db, { nome: 'Portal em escala' });
  await createPlanWithOption(db, produto.id);
  await createPlanWithOption(db, produto.id);
  const staff = await createUser(db, { nivel: 1 });
  const manager = await createUser(db);
  const cliente = await createClient(db, { razao_social: 'Cliente Fixo do Benchmark Ltda' });
  await linkUserToClient(db, manager.id, cliente.id, 10);
  const { contrato } = await createContract(db, cliente.id, produto.id);
  await createPendingPlanChange(db, contrato);
  await db.execute(sql`
    insert into pg_fatura (gl_cliente_id, situacao, data_vencimento, valor, servico_discriminacao, datahora_confirmado)
    select ${cliente.id}, case when n > 238 then 5 else 6 end, current_date - (240 - n) * 30 + 15, 239.90,
           'Licenciamento, competência ' || n, case when n > 238 then null else now() - (240 - n) * interval '30 days' end
      from generate_series(1, 240) as n`);
  await db.execute(sql`
    insert into pg_fatura_item (pg_fatura_id, codigo, descricao, unidade, qtde, valor)
    select id, '1.05', 'Licenciamento', 'UN', 1, 239.90 from pg_fatura where gl_cliente_id = ${cliente.id}`);
  await db.execute(sql`
    insert into gl_usuario_acesso (gl_usuario_id, tipo, ip, user_agent, datahora_criado)
    select ${manager.id}, case when n % 3 = 0 then 'senha_incorreta' else 'sucesso' end, '10.0.0.2', 'Mozilla/5.0',
           now() - n * interval '43 minutes'
      from generate_series(1, 2000) as n`);
  const lifetime = { ttlMs: 24 * 3600_000, absoluteTtlMs: 7 * 24 * 3600_000 };
  const staffSession = await createSession(db, { usuarioId: staff.id }, lifetime);
  const customerSession = await createSession(db, { usuarioId: manager.id, clienteId: cliente.id, produtoId: produto.id }, lifetime);
  return {
    managerId: manager.id,
    staffCookie: `${SESSION_COOKIE}=${staffSession.cookieValue}`,
    customerCookie: `${SESSION_COOKIE}=${customerSession.cookieValue}`,
    token: cliente.fatura_token,
    produtoId: produto.id,
  };
}

interface Figure {
  median: number;
  p95: number;
}

type Probe = (app: FastifyInstance, fixed: Fixed) => Promise<{ url: string; cookie?: string }>;

const staffGet = (url: string): Probe => (_app, fixed) => Promise.resolve({ url, cookie: fixed.staffCookie });
const customerGet = (url: (fixed: Fixed) => string): Probe => (_app, fixed) =>
  Promise.resolve({ url: url(fixed), cookie: fixed.customerCookie });

/**
 * A page typed by its number, 40 % into the list: the same place in both sets (the small set has
 * no page 5 000; an empty answer measures nothing).
 */
const staffDeepPage = (base: string): Probe => async (app, fixed) => {
  const first = await app.inject({ url: `${base}?page=1`, headers: { cookie: fixed.staffCookie } });
  const lastPage = first.json<{ data: { last_page: number } }>().data.last_page;
  return { url: `${base}?page=${Math.max(1, Math.round(lastPage * 0.4))}`, cookie: fixed.staffCookie };
};

/** A page reached from the one before it, as the §9 bar asks for it (keyset, decision 106). */
const staffPageFromPrevious = (base: string, page: number): Probe => async (app, fixed) => {
  const previous = await app.inject({ url: `${base}?page=${page - 1}`, headers: { cookie: fixed.staffCookie } });
  const cursor = previous.json<{ data: { cursor_fim?: string | null } }>().data.cursor_fim;
  return { url: `${base}?page=${page}${cursor ? `&apos=${cursor}` : ''}`, cookie: fixed.staffCookie };
};

const CALLS: [string, Probe][] = [
  ['GET /api/sessao/web', customerGet(() => '/api/sessao/web')],
  ['invoice list of a client (240 invoices)', customerGet((fixed) => `/api/pg_fatura/cliente/${fixed.token}`)],
  // Issue 39: the Painel's summary is one call, flat however many invoices the provider has.
  ['Painel summary (a client of 240 invoices)', customerGet(() => '/api/painel/resumo')],
  ['public plans', customerGet((fixed) => `/api/gl_produto/${fixed.produtoId}/public_planos`)],
  ['sessions list', customerGet(() => '/api/gl_usuario/me/sessoes')],
  ['sign-in history (2 000 sign-ins)', customerGet(() => '/api/gl_usuario/me/acessos')],
  ['staff invoices, page 1', staffGet('/api/admin/pg_fatura?page=1')],
  ['staff invoices, a page 40 % in, typed by number', staffDeepPage('/api/admin/pg_fatura')],
  ['staff invoices, page 5000 from page 4999', staffPageFromPrevious('/api/admin/pg_fatura', 5000)],
  ['staff invoices, search silva', staffGet('/api/admin/pg_fatura?q=silva')],
  ['staff invoices, search with no match', staffGet('/api/admin/pg_fatura?q=xyzzyq')],
  ['staff clients, page 1', staffGet('/api/admin/gl_cliente?page=1')],
  ['staff clients, a page 40 % in, typed by number', staffDeepPage('/api/admin/gl_cliente')],
  ['staff clients, search silva', staffGet('/api/admin/gl_cliente?q=silva')],
  ['staff clients, search with no match', staffGet('/api/admin/gl_cliente?q=xyzzyq')],
  ['staff people, page 1', staffGet('/api/admin/gl_usuario?page=1')],
  ['staff people, a page 40 % in, typed by number', staffDeepPage('/api/admin/gl_usuario')],
  ['staff people, search silva', staffGet('/api/admin/gl_usuario?q=silva')],
  ['staff people, search with no match', staffGet('/api/admin/gl_usuario?q=xyzzyq')],
  ['plan-change list', staffGet('/api/admin/gl_contrato_evento')],
  ['client pick, q=silva', staffGet('/api/admin/gl_cliente/dropdown?q=silva')],
  ['client pick, no match', staffGet('/api/admin/gl_cliente/dropdown?q=xyzzyq')],
  ['user pick', staffGet('/api/admin/gl_usuario/dropdown')],
];

/** One data set: its database, an app on it, its fixed rows, the server time of each response. */
interface DataSet {
  db: Database;
  app: FastifyInstance;
  fixed: Fixed;
  times: number[];
}

const figureOf = (measured: number[]): Figure => {
  measured.sort((x, y) => x - y);
  return { median: percentile(measured, 50), p95: percentile(measured, 95) };
};

/**
 * Each call on both sets, one request on the small set then one on the large, so that whatever
 * else the machine does meanwhile weighs on both alike (measured one set after the other, minutes
 * apart, the ratios moved by half from run to run on a shared machine).
 */
async function measureCalls(sets: DataSet[]): Promise<Map<string, Figure>[]> {
  const figures = sets.map(() => new Map<string, Figure>());
  let address = 0;
  for (const [name, probe] of CALLS) {
    const requests = await Promise.all(sets.map((set) => probe(set.app, set.fixed)));
    const measured = sets.map((): number[] => []);
    for (let index = 0; index < WARM_UP + RUNS; index++) {
      for (const [side, set] of sets.entries()) {
        const { url, cookie } = requests[side]!;
        address += 1;
        set.times.length = 0;
        const response = await set.app.inject({
          url,
          headers: cookie ? { cookie } : {},
          remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
        });
        if (response.statusCode !== 200) throw new Error(`${name}: HTTP ${response.statusCode} ${response.body.slice(0, 200)}`);
        if (index >= WARM_UP && set.times[0] !== undefined) measured[side]!.push(set.times[0]);
      }
    }
    for (const [side, map] of figures.entries()) map.set(name, figureOf(measured[side]!));
  }
  return figures;
}

/** A job on both sets, alternately like the calls. */
async function measureJob(sets: DataSet[], run: (set: DataSet) => Promise<unknown>): Promise<Figure[]> {
  const measured = sets.map((): number[] => []);
  for (let index = 0; index < 3 + 20; index++) {
    for (const [side, set] of sets.entries()) {
      const started = performance.now();
      await run(set);
      if (index >= 3) measured[side]!.push(performance.now() - started);
    }
  }
  return measured.map(figureOf);
}

async function measure(sets: DataSet[], config: ReturnType<typeof loadConfig>) {
  const figures = await measureCalls(sets);
  const options = { providerName: config.PROVIDER_NAME, publicUrl: config.publicUrl };
  const jobs: [string, (set: DataSet) => Promise<unknown>][] = [
    // The LGPD export's reading of a person's data: their sign-ins, sessions, e-mails (by address).
    ['LGPD export, reading the data of a person with 2 000 sign-ins', (set) => collectPersonalData(set.db, set.fixed.managerId)],
    ['reminders run, nothing to send', (set) => sendInvoiceReminders(set.db, options)],
    ['housekeeping run, nothing to delete', (set) => purgeExpiredRecords(set.db)],
  ];
  for (const [name, run] of jobs) {
    const results = await measureJob(sets, run);
    for (const [side, map] of figures.entries()) map.set(name, results[side]!);
  }
  return figures;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  const databases = [await throwawayDatabase(), await throwawayDatabase()];
  const skipped = databases.find((database) => typeof database === 'string');
  if (typeof skipped === 'string') {
    report({ name: 'scale benchmark', value: `skipped: ${skipped}` });
    return;
  }
  const [smallDatabase, largeDatabase] = databases as ThrowawayDatabase[];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-scale-'));
  const handles = [
    await openDatabase({ kind: 'postgres', url: smallDatabase!.url }),
    await openDatabase({ kind: 'postgres', url: largeDatabase!.url }),
  ];
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CAPTCHA_PROVIDER: 'none', LOG_LEVEL: 'silent' });
  const apps: FastifyInstance[] = [];
  try {
    const sets: DataSet[] = [];
    for (const [side, handle] of handles.entries()) {
      await handle.migrate();
      await seedReferenceData(handle.db);
      const fixed = await fixedRows(handle.db);
      const clients = side === 0 ? SMALL_CLIENTS : LARGE_CLIENTS;
      console.log(`PostgreSQL ${smallDatabase!.serverVersion}: ${side === 0 ? 'small' : 'large'} set, ${clients} clients`);
      for (let from = 1; from <= clients; from += 20_000) await grow(handle.db, from, Math.min(clients, from + 19_999));
      const app = await buildApp({ config, database: handle, sessionSecret: 'bench-secret-'.padEnd(48, 'x') });
      apps.push(app);
      const times: number[] = [];
      app.addHook('onResponse', (_request, reply, done) => {
        times.push(reply.elapsedTime);
        done();
      });
      await app.ready();
      sets.push({ db: handle.db, app, fixed, times });
    }
    const [small, large] = await measure(sets, config);
    for (const [name, big] of large!) {
      const little = small!.get(name)!;
      const job = name.includes(' run, ');
      const pass = job ? big.median <= JOB_MAX_MS : big.median <= 2 * little.median && big.p95 <= P95_MAX_MS;
      report({
        name: `${name} (large vs small)`,
        value: `median ${ms(big.median)}, p95 ${ms(big.p95)}`,
        reference: `small median ${ms(little.median)}, p95 ${ms(little.p95)}`,
        measured: big.median / little.median,
        target: job ? `median ≤ ${JOB_MAX_MS} ms` : `median ≤ 2× small, p95 ≤ ${P95_MAX_MS} ms`,
        pass,
      });
    }
  } finally {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
    for (const database of [smallDatabase!, largeDatabase!]) {
      if (process.env.BENCH_KEEP_DATABASE) {
        console.log(`database kept: ${database.url}`);
        await database.keep();
      } else await database.drop();
    }
  }
}

await main();
