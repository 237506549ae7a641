import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CepAddress } from '#shared/schemas/plans';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * A local stand-in for ViaCEP and BrasilAPI (no internet in tests): answers one known CEP, says
 * "not found" for 99999-999 and hangs on 88888-888, counting the requests it gets.
 */
let stub: Server;
let stubUrl = '';
const hits: string[] = [];
beforeAll(async () => {
  stub = createServer((request, response) => {
    const url = request.url ?? '';
    hits.push(url);
    if (url.includes('88888888')) return; // never answers: the timeout must
    response.setHeader('content-type', 'application/json');
    if (url === '/ws/01310100/json/') {
      response.end(JSON.stringify({ cep: '01310-100', logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP', ibge: '3550308' }));
    } else if (url === '/ws/99999999/json/') {
      response.end(JSON.stringify({ erro: 'true' }));
    } else if (url === '/api/cep/v1/80020310') {
      response.end(JSON.stringify({ cep: '80020310', state: 'PR', city: 'Curitiba', neighborhood: 'Centro', street: 'Rua XV de Novembro' }));
    } else {
      response.statusCode = 404;
      response.end(JSON.stringify({ message: 'CEP não encontrado' }));
    }
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
});
afterAll(async () => {
  stub.closeAllConnections();
  await new Promise((resolve) => stub.close(resolve));
});

const lookup = (t: TestApp, cep: string) => new ApiAgent(t.app).post<CepAddress>('/api/geo/cep', { cep });

describe('POST /api/geo/cep, offline provider (the default; no network)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives the state from the CEP ranges and the city where the range is one municipality', async () => {
    const paulista = await lookup(t, '01310-100');
    expect(paulista.status).toBe(200);
    expect(paulista.body.data).toEqual({ cep: '01310100', logradouro: '', bairro: '', gl_cidade: { id: 3550308, text: 'São Paulo - SP' }, uf: 'SP' });
    expect((await lookup(t, '70040010')).body.data.gl_cidade).toEqual({ id: 5300108, text: 'Brasília - DF' });
    const interior = await lookup(t, '13010-000');
    expect(interior.body.data).toMatchObject({ uf: 'SP', gl_cidade: null });
    expect((await lookup(t, '00100-000')).status).toBe(404);
  });

  it("answers 'Preencha um CEP válido.' for fewer than 8 or more than 9 characters", async () => {
    for (const cep of ['0131010', '01310-1000', '', 'abcdefgh']) {
      const response = await lookup(t, cep);
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ cep: ['Preencha um CEP válido.'] });
    }
  });
});

describe('POST /api/geo/cep, online providers against a stand-in server', () => {
  let viacep: TestApp;
  let brasilapi: TestApp;
  beforeAll(async () => {
    viacep = await createTestApp({ env: { CEP_PROVIDER: 'viacep', CEP_API_URL: stubUrl, CEP_TIMEOUT_MS: '300' } });
    brasilapi = await createTestApp({ env: { CEP_PROVIDER: 'brasilapi', CEP_API_URL: stubUrl, CEP_TIMEOUT_MS: '300' } });
  });
  afterAll(async () => {
    await viacep.close();
    await brasilapi.close();
  });

  it('fills street, district and city from ViaCEP, and caches the answer', async () => {
    const before = hits.length;
    const first = await lookup(viacep, '01310-100');
    expect(first.body.data).toEqual({
      cep: '01310100',
      logradouro: 'Avenida Paulista',
      bairro: 'Bela Vista',
      gl_cidade: { id: 3550308, text: 'São Paulo - SP' },
      uf: 'SP',
    });
    await lookup(viacep, '01310100');
    expect(hits.slice(before)).toEqual(['/ws/01310100/json/']);
  });

  it('says a CEP the service does not know is not found', async () => {
    const response = await lookup(viacep, '99999-999');
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('CEP não encontrado.');
  });

  it('falls back to the offline answer when the service does not answer in time', async () => {
    const response = await lookup(viacep, '88888-888');
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ logradouro: '', uf: 'SC', gl_cidade: null });
  });

  it('reads BrasilAPI, finding the city by name within the state', async () => {
    const response = await lookup(brasilapi, '80020-310');
    expect(response.body.data).toEqual({
      cep: '80020310',
      logradouro: 'Rua XV de Novembro',
      bairro: 'Centro',
      gl_cidade: { id: 4106902, text: 'Curitiba - PR' },
      uf: 'PR',
    });
    expect((await lookup(brasilapi, '99999-999')).status).toBe(404);
  });
});
