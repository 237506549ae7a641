import { randomBytes } from 'node:crypto';
import dns from 'node:dns/promises';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
  type Socket,
} from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OIDC_PUBLIC_ADDRESS_MESSAGE } from '#shared/schemas/admin';
import type { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createProduct, createUser, signedInAgent } from '#tests/helpers/factories.ts';
import {
  createTestApp,
  TEST_SESSION_SECRET,
  type TestApp,
} from '#tests/helpers/test-app.ts';
import { glOidcCliente } from '../../platform/db/schema.ts';
import { hashToken } from '../../platform/session/tokens.ts';
import {
  addressRange,
  createOutgoingFetch,
  OutgoingCallRefused,
  vetAddresses,
} from './outgoing-calls.ts';
import { createOidcProvider } from './provider.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 's'.repeat(40),
  PUBLIC_URL: 'https://portal.exemplo.com.br',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  CAPTCHA_PROVIDER: 'altcha',
};

/** Names that stand for an application's DNS; every other name is looked up for real. */
const FAKE_DNS: Record<string, { address: string; family: number }[]> = {
  'publico.exemplo.test': [{ address: '8.8.8.8', family: 4 }],
  'loopback.exemplo.test': [{ address: '127.0.0.1', family: 4 }],
  // One public address is not enough: the connection could go to the other one.
  'misto.exemplo.test': [
    { address: '8.8.8.8', family: 4 },
    { address: '10.0.0.7', family: 4 },
  ],
  'metadados.exemplo.test': [{ address: '169.254.169.254', family: 4 }],
};

const realLookup = dns.lookup.bind(dns);
function fakeDns() {
  return vi.spyOn(dns, 'lookup').mockImplementation(((hostname: string, options: object) => {
    const answer = FAKE_DNS[hostname];
    if (answer) return Promise.resolve(answer);
    if (hostname.endsWith('.exemplo.test')) {
      return Promise.reject(
        Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
      );
    }
    return realLookup(hostname, options as { all: true });
  }) as typeof dns.lookup);
}

/** A TCP server that only counts who reaches it (and keeps what they sent first). */
async function listeningCounter(
  host: string,
): Promise<{ server: TcpServer; port: number; connections: () => number; firstBytes: Buffer[] }> {
  let connections = 0;
  const firstBytes: Buffer[] = [];
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('data', (chunk: Buffer) => {
      firstBytes.push(chunk);
      socket.destroy();
    });
  });
  server.on('close', () => sockets.forEach((socket) => socket.destroy()));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    firstBytes,
  };
}

const closeServer = (server: TcpServer | HttpServer) =>
  new Promise((resolve) => server.close(resolve));
/** Time for a connection that was made to show on the server's side. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

/** The init oidc-provider passes to `fetch` for a back-channel logout (lib/models/client.js). */
const logoutInit = (): RequestInit => ({
  method: 'POST',
  redirect: 'manual',
  headers: new Headers({ 'content-type': 'application/x-www-form-urlencoded', 'user-agent': '' }),
  body: new URLSearchParams({ logout_token: 'token' }),
  signal: AbortSignal.timeout(2500),
});

describe('which addresses the provider may call (OWASP SSRF; RFC 6890 special-purpose addresses)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.10', 'private'],
    ['::ffff:192.168.0.10', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    // IPv4-compatible (deprecated) and NAT64 forms of loopback are not public either.
    ['::7f00:1', 'reserved'],
    ['64:ff9b::7f00:1', 'rfc6052'],
  ])(
    'refuses %s (%s), with or without loopback allowed except loopback itself',
    (address, range) => {
      expect(addressRange(address)).toBe(range);
      expect(() =>
        vetAddresses('x', [{ address, family: address.includes(':') ? 6 : 4 }], {
          allowLoopback: false,
        }),
      ).toThrow(OutgoingCallRefused);
      const outsideProduction = () =>
        vetAddresses('x', [{ address, family: address.includes(':') ? 6 : 4 }], {
          allowLoopback: true,
        });
      if (range === 'loopback') expect(outsideProduction).not.toThrow();
      else expect(outsideProduction).toThrow(OutgoingCallRefused);
    },
  );

  it.each(['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'allows the public %s',
    (address) => {
      expect(addressRange(address)).toBe('unicast');
      expect(vetAddresses('x', [{ address, family: 4 }], { allowLoopback: false })).toHaveLength(1);
    },
  );

  it('refuses a name when ANY of its addresses is not public, and a name with none', () => {
    const mixed = [
      { address: '8.8.8.8', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    expect(() => vetAddresses('misto', mixed, { allowLoopback: true })).toThrow(
      /10\.0\.0\.7 is a private address/,
    );
    expect(() => vetAddresses('vazio', [], { allowLoopback: false })).toThrow(OutgoingCallRefused);
  });
});

describe('the production fetch: refused before any connection, whatever the scheme', () => {
  const production = createOutgoingFetch({ allowLoopback: false });
  let v4: Awaited<ReturnType<typeof listeningCounter>>;
  let dnsSpy: ReturnType<typeof fakeDns>;
  beforeAll(async () => {
    v4 = await listeningCounter('127.0.0.1');
  });
  afterAll(() => closeServer(v4.server));
  beforeEach(() => {
    dnsSpy = fakeDns();
  });
  afterEach(() => dnsSpy.mockRestore());

  it.each([
    'https://127.0.0.1:PORT/',
    'http://127.0.0.1:PORT/',
    'https://localhost:PORT/',
    'http://localhost:PORT/',
    'https://[::ffff:127.0.0.1]:PORT/',
    'https://loopback.exemplo.test:PORT/',
    'https://misto.exemplo.test:PORT/',
  ])('refuses %s and nothing reaches the local server', async (template) => {
    const url = template.replace('PORT', String(v4.port));
    await expect(production(url, logoutInit())).rejects.toThrow(OutgoingCallRefused);
    await settle();
    expect(v4.connections()).toBe(0);
  });

  it('refuses what is not http(s) and a name that does not resolve', async () => {
    await expect(production('ftp://8.8.8.8/', logoutInit())).rejects.toThrow(OutgoingCallRefused);
    await expect(production('https://sem-endereco.exemplo.test/', logoutInit())).rejects.toThrow(
      /ENOTFOUND/,
    );
  });
});

describe('the fetch outside production: loopback applications are reached, nothing else local', () => {
  const development = createOutgoingFetch({ allowLoopback: true });
  let receiver: HttpServer;
  let port: number;
  const received: {
    method?: string;
    host?: string;
    type?: string;
    body: string;
    remote?: string;
  }[] = [];
  beforeAll(async () => {
    receiver = createHttpServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({
          method: request.method,
          host: request.headers.host,
          type: request.headers['content-type'],
          body,
          remote: request.socket.remoteAddress,
        });
        response.writeHead(200, { 'content-type': 'text/plain', 'x-recebido': 'sim' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(() => closeServer(receiver));

  it('posts a back-channel logout to http://127.0.0.1 and answers a fetch Response', async () => {
    received.length = 0;
    const response = await development(`http://127.0.0.1:${port}/backchannel`, logoutInit());
    expect(response.status).toBe(200);
    expect(response.headers.get('x-recebido')).toBe('sim');
    expect(await response.text()).toBe('ok');
    expect(received).toEqual([
      {
        method: 'POST',
        host: `127.0.0.1:${port}`,
        type: 'application/x-www-form-urlencoded',
        body: 'logout_token=token',
        remote: '127.0.0.1',
      },
    ]);
  });

  it('connects to the address it checked while the request keeps the host name (Host header)', async () => {
    received.length = 0;
    const addresses = await dns.lookup('localhost', { all: true });
    // Skipped on a machine whose localhost is not 127.0.0.1 (the receiver listens there only).
    if (!addresses.some(({ address }) => address === '127.0.0.1')) return;
    const response = await development(`http://localhost:${port}/backchannel`, logoutInit());
    expect(response.status).toBe(200);
    expect(received[0]?.host).toBe(`localhost:${port}`);
  });

  it('sends the host name as the TLS server name (certificates are checked against it)', async () => {
    const counter = await listeningCounter('127.0.0.1');
    try {
      const addresses = await dns.lookup('localhost', { all: true });
      if (!addresses.some(({ address }) => address === '127.0.0.1')) return;
      // The counter is no TLS server: the call fails after the client's hello, which carries SNI.
      await expect(
        development(`https://localhost:${counter.port}/`, logoutInit()),
      ).rejects.toThrow();
      expect(counter.firstBytes[0]?.includes(Buffer.from('localhost'))).toBe(true);
    } finally {
      await closeServer(counter.server);
    }
  });

  it('still refuses private and link-local addresses', async () => {
    await expect(development('http://10.0.0.7/', logoutInit())).rejects.toThrow(
      OutgoingCallRefused,
    );
    await expect(
      development('http://169.254.169.254/latest/meta-data', logoutInit()),
    ).rejects.toThrow(OutgoingCallRefused);
  });
});

interface BackchannelClient {
  backchannelLogout(sub: string, sid: string): Promise<void>;
}

describe("the provider's back-channel logout (the review: production called https://127.0.0.1)", () => {
  let t: TestApp;
  let counter: Awaited<ReturnType<typeof listeningCounter>>;
  let receiver: HttpServer;
  let receiverPort: number;
  const logoutTokens: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: PRODUCTION });
    counter = await listeningCounter('127.0.0.1');
    receiver = createHttpServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        logoutTokens.push(new URLSearchParams(body).get('logout_token') ?? '');
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverPort = (receiver.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
    await closeServer(counter.server);
    await closeServer(receiver);
  });

  /** An application saved with this URI (before the registration check, or a name that moved). */
  async function applicationCalling(
    uri: string,
    isProduction: boolean,
  ): Promise<BackchannelClient> {
    const produto = await createProduct(t.db);
    const clientId = `app_${randomBytes(6).toString('hex')}`;
    await t.db.insert(glOidcCliente).values({
      gl_produto_id: produto.id,
      nome: 'Aplicativo local',
      client_id: clientId,
      confidencial: true,
      segredo_hash: hashToken(randomBytes(32).toString('base64url')),
      redirect_uris: [`https://${clientId}.exemplo.com.br/callback`],
      post_logout_redirect_uris: [],
      backchannel_logout_uri: uri,
    });
    // As app.ts builds it: loopback calls only outside production.
    const provider = await createOidcProvider({
      db: t.db,
      publicUrl: PRODUCTION.PUBLIC_URL,
      sessionSecret: TEST_SESSION_SECRET,
      allowLoopbackCalls: !isProduction,
      log: { error: () => undefined },
    });
    const client = await provider.Client.find(clientId);
    if (!client) throw new Error('application not found');
    // The call the portal's Logout makes (logout.ts); its types do not list it.
    return client as unknown as BackchannelClient;
  }

  it.each(['https', 'http'])(
    'in production it refuses %s://127.0.0.1 before connecting',
    async (scheme) => {
      expect(t.config.isProduction).toBe(true);
      const client = await applicationCalling(
        `${scheme}://127.0.0.1:${counter.port}/backchannel`,
        true,
      );
      const failure = await client.backchannelLogout('1', 'sid').then(
        () => null,
        (error: unknown) => error,
      );
      await settle();
      // The library's own guard let the TLS hello through and closed plain http only once connected.
      expect(counter.connections()).toBe(0);
      expect(failure).toBeInstanceOf(OutgoingCallRefused);
      expect(String(failure)).toMatch(
        /outgoing call to 127\.0\.0\.1 refused: 127\.0\.0\.1 is a loopback address/,
      );
    },
  );

  it('outside production it delivers the logout token to an application on loopback', async () => {
    logoutTokens.length = 0;
    const client = await applicationCalling(`http://127.0.0.1:${receiverPort}/backchannel`, false);
    await client.backchannelLogout('1', 'sid');
    expect(logoutTokens).toHaveLength(1);
    expect(logoutTokens[0]).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });
});

describe("registering an application's back-channel logout URI in production", () => {
  let t: TestApp;
  let supervisor: ApiAgent;
  let produtoId: number;
  let dnsSpy: ReturnType<typeof fakeDns>;
  beforeAll(async () => {
    t = await createTestApp({ env: PRODUCTION });
    supervisor = await signedInAgent(t, (await createUser(t.db, { nivel: 3 })).id);
    produtoId = (await createProduct(t.db)).id;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    dnsSpy = fakeDns();
  });
  afterEach(() => dnsSpy.mockRestore());

  const register = (backchannel: string) =>
    supervisor.post<{ entity: { id: number; backchannel_logout_uri: string | null } }>(
      '/api/admin/gl_oidc_cliente',
      {
        gl_produto_id: produtoId,
        confidencial: true,
        nome: 'Aplicativo de vendas',
        redirect_uris: 'https://vendas.exemplo.com.br/callback',
        backchannel_logout_uri: backchannel,
        ativo: true,
      },
    );

  it.each([
    'https://127.0.0.1:8443/logout',
    'http://127.0.0.1:4000/logout',
    'https://[::1]/logout',
    'http://localhost:4000/logout',
    'https://localhost/logout',
    'https://app.localhost/logout',
    'https://10.0.0.5/logout',
    'https://172.16.4.4/logout',
    'https://192.168.1.1/logout',
    'https://169.254.169.254/latest/meta-data',
    'https://[fe80::1]/logout',
    'https://loopback.exemplo.test/logout',
    'https://misto.exemplo.test/logout',
    'https://metadados.exemplo.test/logout',
  ])('refuses %s with a pt-BR field error, saving nothing', async (uri) => {
    const before = await t.db.select().from(glOidcCliente);
    const answer = await register(uri);
    expect(answer.status).toBe(422);
    expect(answer.body.errors?.backchannel_logout_uri).toEqual([OIDC_PUBLIC_ADDRESS_MESSAGE]);
    expect(OIDC_PUBLIC_ADDRESS_MESSAGE).toBe(
      'Informe um endereço público: endereços locais, privados ou de link local não são aceitos.',
    );
    expect(await t.db.select().from(glOidcCliente)).toHaveLength(before.length);
  });

  it('refuses a loopback address on update too', async () => {
    const entity = (await register('https://publico.exemplo.test/logout')).body.data?.entity;
    expect(entity?.backchannel_logout_uri).toBe('https://publico.exemplo.test/logout');
    const answer = await supervisor.request('PUT', `/api/admin/gl_oidc_cliente/${entity?.id}`, {
      body: {
        nome: 'Aplicativo de vendas',
        redirect_uris: 'https://vendas.exemplo.com.br/callback',
        backchannel_logout_uri: 'https://127.0.0.1/logout',
      },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors?.backchannel_logout_uri).toEqual([OIDC_PUBLIC_ADDRESS_MESSAGE]);
  });

  it('accepts a public address, a name that does not resolve yet (checked at each call) and no URI', async () => {
    for (const uri of [
      'https://publico.exemplo.test/logout',
      'https://8.8.8.8/logout',
      'https://sem-endereco.exemplo.test/logout',
      '',
    ]) {
      const answer = await register(uri);
      expect(answer.status).toBe(200);
    }
  });
});

describe('registering outside production', () => {
  it("still accepts a developer's application on loopback", async () => {
    const t = await createTestApp();
    try {
      const supervisor = await signedInAgent(t, (await createUser(t.db, { nivel: 3 })).id);
      const answer = await supervisor.post('/api/admin/gl_oidc_cliente', {
        gl_produto_id: (await createProduct(t.db)).id,
        confidencial: true,
        nome: 'Aplicativo local',
        redirect_uris: 'http://localhost:4000/callback',
        backchannel_logout_uri: 'http://127.0.0.1:4000/logout',
      });
      expect(answer.status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
