/**
 * Server time of GET /api/pg_fatura/cliente/{token} for a client with 240 invoices with items
 * (most paid, with their NFS-e), on the embedded database (PGlite in memory) and on PostgreSQL
 * (DATABASE_URL, or a local server at postgres://postgres@127.0.0.1:5432, in a throwaway
 * database). Target: median under 20 ms.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/platform/config.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/server/platform/db/database.ts';
import { glArquivo, glCliente, pgFatura, pgFaturaItem, pgNfse } from '../../src/server/platform/db/schema.ts';
import { buildChaveAcesso } from '../../src/server/modules/invoices/nfse-key.ts';
import { newInvoiceToken } from '../../src/server/modules/invoices/service.ts';
import { report } from './support/report.ts';
import { percentile } from './support/percentile.ts';

const INVOICES = 240;
const WARM_UP = 50;
const RUNS = 200;
const TARGET_MS = 20;

async function seed(db: Database): Promise<string> {
  const token = newInvoiceToken();
  const [cliente] = await db
    .insert(glCliente)
    .values({ tipo_pessoa: 2, cpfcnpj: '11222333000181', razao_social: 'Cliente do Benchmark Ltda', fatura_token: token })
    .returning({ id: glCliente.id });
  if (!cliente) throw new Error('no client');
  const faturas = await db
    .insert(pgFatura)
    .values(
      Array.from({ length: INVOICES }, (_, index) => {
        const month = new Date(Date.UTC(2006, index, 10));
        const situacao = index >= INVOICES - 2 ? 5 : index % 17 === 3 ? 8 : 6;
        return {
          gl_cliente_id: cliente.id,
          situacao,
          data_vencimento: month.toISOString().slice(0, 10),
          datahora_confirmado: situacao === 6 ? new Date(month.getTime() + 3600_000) : null,
          valor: '239.90',
          // Every tenth description is empty: the list builds it from the items.
          servico_discriminacao: index % 10 === 0 ? null : `Licenciamento de uso do software, competência ${index}.`,
        };
      }),
    )
    .returning({ id: pgFatura.id, situacao: pgFatura.situacao, datahora_confirmado: pgFatura.datahora_confirmado });
  await db.insert(pgFaturaItem).values(
    faturas.flatMap((fatura, index) =>
      Array.from({ length: 1 + (index % 3) }, (_, line) => ({
        pg_fatura_id: fatura.id,
        codigo: `1.0${line + 5}`,
        descricao: `Item ${line + 1}`,
        unidade: 'UN',
        qtde: '1',
        valor: '79.97',
      })),
    ),
  );
  const pagas = faturas.filter((fatura) => fatura.situacao === 6);
  const arquivos = await db
    .insert(glArquivo)
    .values(
      pagas.map(() => {
        const id = randomBytes(16).toString('hex');
        return { nome_original: 'nfse.pdf', caminho: `${id.slice(0, 2)}/${id}`, tipo_mime: 'application/pdf', tamanho: 1000, sha256: '0'.repeat(64) };
      }),
    )
    .returning({ id: glArquivo.id });
  await db.insert(pgNfse).values(
    pagas.map((fatura, index) => ({
      pg_fatura_id: fatura.id,
      nf_numero: String(1000 + index),
      datahora_emissao: fatura.datahora_confirmado ?? new Date(),
      chave_acesso:
        index % 2 === 0
          ? buildChaveAcesso({ codigoMunicipio: 3550308, ambienteGerador: 2, inscricaoFederal: '11444777000161', numero: 1000 + index, ano: 2026, mes: 1, codigoNumerico: index })
          : null,
      url_visualizar: index % 3 === 0 ? `https://nfse.prefeitura.example/notas/${1000 + index}` : null,
      pdf_arquivo_id: arquivos[index]?.id ?? null,
    })),
  );
  return token;
}

interface Result {
  engine: string;
  median: number;
  p95: number;
  roundTripMedian: number;
}

async function measure(engine: string, database: DatabaseHandle): Promise<Result> {
  await database.migrate();
  const token = await seed(database.db);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CAPTCHA_PROVIDER: 'none', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, sessionSecret: 'bench-secret-'.padEnd(48, 'x') });
  const serverTimes: number[] = [];
  app.addHook('onResponse', (_request, reply, done) => {
    serverTimes.push(reply.elapsedTime);
    done();
  });
  await app.ready();
  const roundTrips: number[] = [];
  try {
    for (let index = 0; index < WARM_UP + RUNS; index++) {
      const started = performance.now();
      // One address per request: the route's per-address limit is not what is measured here.
      const response = await app.inject({
        url: `/api/pg_fatura/cliente/${token}`,
        remoteAddress: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
      });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${engine}: HTTP ${response.statusCode}`);
      const count = response.json<{ data: { faturaList: unknown[] } }>().data.faturaList.length;
      if (count !== INVOICES) throw new Error(`${engine}: ${count} invoices in the answer`);
      if (index >= WARM_UP) roundTrips.push(elapsed);
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const server = serverTimes.slice(WARM_UP).sort((x, y) => x - y);
  return {
    engine,
    median: percentile(server, 50),
    p95: percentile(server, 95),
    roundTripMedian: percentile(roundTrips.sort((x, y) => x - y), 50),
  };
}

async function pglite(): Promise<Result> {
  const database = await openDatabase({ kind: 'pglite-memory' });
  try {
    return await measure('PGlite (embedded, in memory)', database);
  } finally {
    await database.close();
  }
}

async function postgres(): Promise<Result | string> {
  const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    return `PostgreSQL: skipped, ${new URL(base).host} is not reachable (${(error as Error).message})`;
  }
  const name = `portal_bench_${randomBytes(4).toString('hex')}`;
  const { rows } = await admin.query<{ server_version: string }>('show server_version');
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    try {
      return await measure(`PostgreSQL ${rows[0]?.server_version ?? ''}`.trim(), database);
    } finally {
      await database.close();
    }
  } finally {
    // pg's pool.end() resolves before its sockets are closed; a forced drop would hit them.
    for (let tries = 0; tries < 50; tries++) {
      const open = await admin.query('select 1 from pg_stat_activity where datname = $1', [name]);
      if (open.rowCount === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const results: (Result | string)[] = [await pglite(), await postgres()];
console.log(`GET /api/pg_fatura/cliente/{token}: ${INVOICES} invoices with items, ${RUNS} requests after ${WARM_UP} warm-up`);
for (const result of results) {
  if (typeof result === 'string') {
    report({ name: 'invoice list, PostgreSQL', value: result });
    continue;
  }
  report({
    name: `GET /api/pg_fatura/cliente/{token}, ${INVOICES} invoices, ${result.engine}`,
    value: `server median ${result.median.toFixed(2)} ms (p95 ${result.p95.toFixed(2)} ms, inject round trip ${result.roundTripMedian.toFixed(2)} ms)`,
    measured: result.median,
    target: `median < ${TARGET_MS} ms`,
    pass: result.median < TARGET_MS,
  });
}
