import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '#shared/envelope';
import type { FaturaDetalheDto, FaturaListDto } from '#shared/schemas/invoices';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createCliente, createFatura } from '#tests/helpers/invoice-factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import { buildApp } from '../../app.ts';
import { ConfigError, loadConfig } from '../../platform/config.ts';
import { localStorageFor } from '../../platform/storage/file-storage.ts';
import { buildChaveAcesso } from './nfse-key.ts';
import { INVOICE_GUESS_MAX, INVOICE_ROUTE_MAX } from './routes.ts';
import { registerNfse, rotateInvoiceToken } from './service.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-fatura-'));
const storage = localStorageFor(dataDir);
const PDF = Buffer.from('%PDF-1.7\n% teste\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const XML = Buffer.from('<?xml version="1.0"?><NFSe/>');
const CHAVE = buildChaveAcesso({
  codigoMunicipio: 3550308,
  ambienteGerador: 2,
  inscricaoFederal: '11444777000161',
  numero: 501,
  ano: 2026,
  mes: 3,
  codigoNumerico: 123456789,
});
const NOT_FOUND_BODY = { status: 404, message: 'Recurso não encontrado.', errors: null, warnings: [], data: null, code: 'not_found' };

let t: TestApp;
const a = { token: '', ids: {} as Record<'paga' | 'vencida' | 'fechada' | 'outra' | 'pagaPrefeitura', number> };
const b = { token: '', faturaId: 0 };

beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: dataDir } });

  const clienteA = await createCliente(t.db, {
    tipo_pessoa: 2,
    cpfcnpj: '11222333000181',
    razao_social: 'Empresa A Ltda',
  });
  a.token = clienteA.fatura_token;
  const paga = await createFatura(
    t.db,
    clienteA.id,
    {
      situacao: 6,
      data_vencimento: '2026-03-10',
      datahora_confirmado: new Date('2026-03-09T17:30:00.125Z'),
      valor: '239.90',
      servico_discriminacao: 'Licenciamento de março.\nSuporte avulso.',
    },
    [
      { codigo: '1.05', descricao: 'Licenciamento', unidade: 'UN', qtde: '1', valor: '149.90' },
      { codigo: '1.07', descricao: 'Suporte avulso', unidade: 'H', qtde: '1.5', valor: '90.00' },
      { codigo: null, descricao: 'Cortesia', unidade: null, qtde: '0', valor: null },
    ],
  );
  await registerNfse(t.db, storage, {
    pg_fatura_id: paga.id,
    nf_numero: '501',
    datahora_emissao: new Date('2026-03-09T19:30:00Z'),
    chave_acesso: CHAVE,
    pdf: PDF,
    xml: XML,
  });
  const vencida = await createFatura(
    t.db,
    clienteA.id,
    { situacao: 8, data_vencimento: '2026-02-10', servico_discriminacao: '  ' },
    [
      { descricao: 'Item A', valor: '60.00' },
      { descricao: 'Item B', valor: '40.00' },
    ],
  );
  const fechada = await createFatura(
    t.db,
    clienteA.id,
    { situacao: 5, data_vencimento: '2026-04-10', servico_discriminacao: null },
    [],
  );
  const outra = await createFatura(t.db, clienteA.id, { situacao: 7, data_vencimento: '2026-01-10' });
  const pagaPrefeitura = await createFatura(t.db, clienteA.id, {
    situacao: 6,
    data_vencimento: '2025-12-10',
    datahora_confirmado: new Date('2025-12-10T12:00:00Z'),
  });
  await registerNfse(t.db, storage, {
    pg_fatura_id: pagaPrefeitura.id,
    nf_numero: '400',
    datahora_emissao: new Date('2025-12-10T13:00:00Z'),
    url_visualizar: 'https://nfse.prefeitura.example/notas/400',
  });
  a.ids = {
    paga: paga.id,
    vencida: vencida.id,
    fechada: fechada.id,
    outra: outra.id,
    pagaPrefeitura: pagaPrefeitura.id,
  };

  const clienteB = await createCliente(t.db, { razao_social: 'Pessoa B' });
  b.token = clienteB.fatura_token;
  const faturaB = await createFatura(t.db, clienteB.id, {
    situacao: 6,
    datahora_confirmado: new Date('2026-01-09T12:00:00Z'),
  });
  await registerNfse(t.db, storage, {
    pg_fatura_id: faturaB.id,
    nf_numero: '900',
    datahora_emissao: new Date('2026-01-09T13:00:00Z'),
    pdf: PDF,
  });
  b.faturaId = faturaB.id;
});

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Each request from its own address: wrong tokens are counted per address (see 'guessing'), and
 * this suite makes many on purpose.
 */
let addresses = 0;
async function get<T>(url: string) {
  addresses += 1;
  const response = await t.app.inject({ url, remoteAddress: `10.0.${addresses >> 8}.${addresses & 255}` });
  return {
    status: response.statusCode,
    headers: response.headers,
    raw: response.body,
    body: response.headers['content-type']?.toString().startsWith('application/json')
      ? response.json<Envelope<T>>()
      : (undefined as unknown as Envelope<T>),
  };
}
const list = (token: string) => get<FaturaListDto>(`/api/pg_fatura/cliente/${token}`);
const detail = (token: string, id: number | string) =>
  get<FaturaDetalheDto>(`/api/pg_fatura/cliente/${token}/${id}`);

describe('GET /api/pg_fatura/cliente/{token}', () => {
  it("lists the token's client's invoices, newest first, with the §3 computed fields", async () => {
    const response = await list(a.token);
    expect(response.status).toBe(200);
    const { faturaList, cliente } = response.body.data;
    expect(cliente).toEqual({ razao_social: 'Empresa A Ltda', cpfcnpj: '11222333000181' });
    expect(faturaList.map((f) => f.data_vencimento_calculado)).toEqual([
      '2026-04-10',
      '2026-03-10',
      '2026-02-10',
      '2026-01-10',
      '2025-12-10',
    ]);
    const paga = faturaList.find((f) => f.id === a.ids.paga);
    expect(paga).toEqual({
      id: a.ids.paga,
      situacao: 6,
      situacao_icon_class: 'situacao-paga',
      situacao_desc: 'Paga',
      data_vencimento_calculado: '2026-03-10',
      datahora_confirmado_calculado: '2026-03-09T17:30:00.125Z',
      valor: '239.90',
      servico_discriminacao_calculado: 'Licenciamento de março.\nSuporte avulso.',
      nfse: {
        nf_numero: '501',
        datahora_emissao: '2026-03-09T19:30:00.000Z',
        chave_acesso: CHAVE,
        has_pdf: true,
        pdf_url_download: `/api/pg_fatura/cliente/${a.token}/${a.ids.paga}/nfse.pdf`,
        // No city-hall page: the national public consultation of the key.
        has_url_visualizar: true,
        url_visualizar: `https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=${CHAVE}`,
      },
      // Ours beside §3's (issues 39 and 40): a paid invoice has no late charges and no boleto.
      valor_atualizado: null,
      boleto: false,
    });
    // Items only in the detail.
    expect(paga).not.toHaveProperty('itens');
  });

  it('names each §4 situacao and builds an empty description from the items', async () => {
    const { faturaList } = (await list(a.token)).body.data;
    const byId = new Map(faturaList.map((f) => [f.id, f]));
    expect(byId.get(a.ids.fechada)).toMatchObject({
      situacao: 5,
      situacao_icon_class: 'situacao-fechada',
      situacao_desc: 'Fechada/Emitida',
      datahora_confirmado_calculado: null,
      servico_discriminacao_calculado: null,
      nfse: null,
    });
    expect(byId.get(a.ids.vencida)).toMatchObject({
      situacao: 8,
      situacao_icon_class: 'situacao-vencida',
      situacao_desc: 'Vencida',
      valor: '100.00',
      servico_discriminacao_calculado: 'Item A; Item B',
    });
    expect(byId.get(a.ids.outra)).toMatchObject({
      situacao: 7,
      situacao_icon_class: 'situacao-outra',
      situacao_desc: 'Situação 7',
    });
    expect(byId.get(a.ids.pagaPrefeitura)?.nfse).toEqual({
      nf_numero: '400',
      datahora_emissao: '2025-12-10T13:00:00.000Z',
      chave_acesso: null,
      has_pdf: false,
      pdf_url_download: null,
      has_url_visualizar: true,
      url_visualizar: 'https://nfse.prefeitura.example/notas/400',
    });
  });

  it('never shows another client anything: each token lists only its own invoices', async () => {
    const response = await list(b.token);
    expect(response.body.data.cliente.razao_social).toBe('Pessoa B');
    expect(response.body.data.faturaList.map((f) => f.id)).toEqual([b.faturaId]);
  });

  it('answers a wrong or malformed token with the 404 of an unknown path', async () => {
    const unknown = await get('/api/nao/existe');
    for (const token of [
      'x'.repeat(43),
      a.token.slice(0, -1) + (a.token.endsWith('A') ? 'B' : 'A'),
      a.token.toLowerCase() === a.token ? a.token.toUpperCase() : a.token.toLowerCase(),
      'curto',
      '%2e%2e',
      'y'.repeat(100), // Longer parameters never reach a route: Fastify answers 414.
    ]) {
      const response = await list(token);
      expect(response.status, token).toBe(404);
      expect(response.body).toEqual(NOT_FOUND_BODY);
      expect(response.raw).toBe(unknown.raw);
    }
  });

  it('is never cached and never sent as a referrer, found or not', async () => {
    for (const response of [await list(a.token), await list('z'.repeat(43))]) {
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('has its own per-route rate limit', async () => {
    const response = await list(a.token);
    expect(response.headers['x-ratelimit-limit']).toBe(String(INVOICE_ROUTE_MAX));
  });
});

describe('GET /api/pg_fatura/cliente/{token}/{id}', () => {
  it('gives the invoice with its items and note', async () => {
    const response = await detail(a.token, a.ids.paga);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const fatura = response.body.data;
    expect(fatura).toMatchObject({ id: a.ids.paga, situacao: 6, valor: '239.90', nfse: { nf_numero: '501' } });
    expect(fatura.itens.map(({ id: _id, ...item }) => item)).toEqual([
      { codigo: '1.05', descricao: 'Licenciamento', unidade: 'UN', qtde: '1', valor: '149.90' },
      { codigo: '1.07', descricao: 'Suporte avulso', unidade: 'H', qtde: '1.5', valor: '90.00' },
      { codigo: null, descricao: 'Cortesia', unidade: null, qtde: '0', valor: null },
    ]);
    const ids = fatura.itens.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));

    // The list and the detail compute the same fields (they come from different queries).
    const listed = (await list(a.token)).body.data.faturaList;
    for (const id of Object.values(a.ids)) {
      const { itens: _itens, ...one } = (await detail(a.token, id)).body.data;
      expect(one).toEqual(listed.find((f) => f.id === id));
    }
  });

  it("refuses another client's invoice id with the same 404 as a wrong token", async () => {
    const cross = [
      await detail(a.token, b.faturaId),
      await detail(b.token, a.ids.paga),
      await detail('q'.repeat(43), a.ids.paga),
    ];
    for (const response of cross) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual(NOT_FOUND_BODY);
    }
  });

  it('answers ids that cannot exist with the 404 too', async () => {
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999', '2147483648', '1e3', '999999']) {
      const response = await detail(a.token, id);
      expect(response.status, id).toBe(404);
      expect(response.body).toEqual(NOT_FOUND_BODY);
    }
  });
});

describe('GET /api/pg_fatura/cliente/{token}/{id}/nfse.pdf', () => {
  it('serves the stored PDF as a download with a safe file name', async () => {
    const response = await t.app.inject(`/api/pg_fatura/cliente/${a.token}/${a.ids.paga}/nfse.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="nfse-501.pdf"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(PDF)).toBe(true);
  });

  it("answers 404 for another client's note, a note without PDF and an invoice without note", async () => {
    for (const url of [
      `/api/pg_fatura/cliente/${a.token}/${b.faturaId}/nfse.pdf`,
      `/api/pg_fatura/cliente/${b.token}/${a.ids.paga}/nfse.pdf`,
      `/api/pg_fatura/cliente/${a.token}/${a.ids.pagaPrefeitura}/nfse.pdf`,
      `/api/pg_fatura/cliente/${a.token}/${a.ids.fechada}/nfse.pdf`,
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(response.body).toEqual(NOT_FOUND_BODY);
    }
  });
});

describe('rotateInvoiceToken', () => {
  it('gives a new 256-bit token and the old link stops working at once', async () => {
    const cliente = await createCliente(t.db);
    await createFatura(t.db, cliente.id);
    const old = cliente.fatura_token;
    const fresh = await rotateInvoiceToken(t.db, cliente.id);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(old);
    expect((await list(old)).status).toBe(404);
    expect((await list(fresh)).body.data.faturaList).toHaveLength(1);
  });

  it('refuses a client that does not exist', async () => {
    await expect(rotateInvoiceToken(t.db, 2_000_000_000)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('guessing', () => {
  it(`answers 429 on every token route after ${INVOICE_GUESS_MAX} wrong tokens from one address`, async () => {
    const limited = await createTestApp({ env: { DATA_DIR: dataDir } });
    try {
      const cliente = await createCliente(limited.db);
      const guesser = new ApiAgent(limited.app);
      const statuses: number[] = [];
      for (let i = 0; i < INVOICE_GUESS_MAX; i++) {
        statuses.push((await guesser.get(`/api/pg_fatura/cliente/${'g'.repeat(40)}${String(i).padStart(3, '0')}`)).status);
      }
      expect(new Set(statuses)).toEqual(new Set([404]));
      const blocked = await guesser.get(`/api/pg_fatura/cliente/${cliente.fatura_token}`);
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe('Muitas tentativas. Aguarde um momento e tente novamente.');
      expect(blocked.headers['cache-control']).toBe('no-store');
      expect((await guesser.get(`/api/pg_fatura/cliente/${cliente.fatura_token}/1`)).status).toBe(429);

      // Another address is not affected.
      const other = await limited.app.inject({
        url: `/api/pg_fatura/cliente/${cliente.fatura_token}`,
        remoteAddress: '10.1.2.3',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('does not count successful requests', async () => {
    const limited = await createTestApp({ env: { DATA_DIR: dataDir } });
    try {
      const cliente = await createCliente(limited.db);
      const reader = new ApiAgent(limited.app);
      for (let i = 0; i < INVOICE_GUESS_MAX + 5; i++) {
        expect((await reader.get(`/api/pg_fatura/cliente/${cliente.fatura_token}`)).status).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('the token stays out of the logs', () => {
  it('logs route patterns and scrubs failed queries', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CAPTCHA_PROVIDER: 'none', LOG_LEVEL: 'trace' });
    const app = await buildApp({
      config,
      database,
      sessionSecret: 'test-secret-'.padEnd(48, 'x'),
      logger: pino({ level: 'trace' }, sink),
    });
    await app.ready();
    const cliente = await createCliente(database.db);
    const token = cliente.fatura_token;
    try {
      expect((await app.inject(`/api/pg_fatura/cliente/${token}`)).statusCode).toBe(200);
      expect((await app.inject(`/api/pg_fatura/cliente/${token}/77777`)).statusCode).toBe(404);
      // A failing database: drizzle puts the query's parameters (the token) in its error.
      await database.close();
      const failed = await app.inject(`/api/pg_fatura/cliente/${token}`);
      expect(failed.statusCode).toBe(500);
      expect(failed.body).not.toContain(token);
    } finally {
      await app.close();
    }
    const log = lines.join('');
    expect(log).toContain('/api/pg_fatura/cliente/:token');
    expect(log).toContain('unhandled error');
    expect(log).toContain('[token]');
    expect(log).not.toContain(token);
  });
});

describe('the SPA page of /cliente/{token}/fatura', () => {
  it('is not cached and sends no referrer', async () => {
    const clientDir = path.join(dataDir, 'spa');
    mkdirSync(clientDir, { recursive: true });
    writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><meta name="csrf-token" content="__CSRF_TOKEN__"><title>__PROVIDER_NAME__</title>',
    );
    const database = await createTestDatabase();
    const app = await buildApp({
      config: t.config,
      database,
      sessionSecret: 'test-secret-'.padEnd(48, 'x'),
      clientDir,
    });
    try {
      for (const url of [`/cliente/${a.token}/fatura`, `/fatura/faturaEmitida/${a.token}`]) {
        const response = await app.inject(url);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.headers['referrer-policy']).toBe('no-referrer');
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('E2E_FIXED_TOKENS', () => {
  const production = {
    NODE_ENV: 'production',
    SESSION_SECRET: 's'.repeat(40),
    PUBLIC_URL: 'https://portal.example',
  };
  it('is refused in production', () => {
    expect(() => loadConfig({ ...production, E2E_FIXED_TOKENS: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, E2E_FIXED_TOKENS: 'true' })).toThrow(/E2E_FIXED_TOKENS: não é permitido em produção/);
  });

  it('is accepted by the browser tests\' server', () => {
    expect(loadConfig({ NODE_ENV: 'test', E2E_FIXED_TOKENS: 'true' }).E2E_FIXED_TOKENS).toBe(true);
  });
});
