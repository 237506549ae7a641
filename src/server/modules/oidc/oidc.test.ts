import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  TEST_SESSION_SECRET,
  type TestApp,
} from '#tests/helpers/test-app.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import type { Database, DatabaseHandle } from '../../platform/db/database.ts';
import { glOidcChave } from '../../platform/db/schema.ts';
import { ensureSigningKey, loadSigningKeys, rotateSigningKeys } from './signing-keys.ts';
import { DatabaseAdapter, purgeExpiredOidcRecords } from './storage-adapter.ts';

const PUBLIC_URL = 'https://portal.exemplo.com.br';
const ISSUER = `${PUBLIC_URL}/oidc`;

describe('the OpenID provider under /oidc (issue 18, decision 086)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL } });
  });
  afterAll(() => t.close());

  it('publishes a discovery document for the code flow with PKCE only, its URLs under PUBLIC_URL whatever the Host header', async () => {
    const answer = await t.app.inject({
      url: '/oidc/.well-known/openid-configuration',
      headers: {
        host: 'atacante.example',
        'x-forwarded-host': 'atacante.example',
        'x-forwarded-proto': 'http',
      },
    });
    expect(answer.statusCode).toBe(200);
    const discovery = answer.json<Record<string, unknown>>();
    expect(discovery).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/auth`,
      token_endpoint: `${ISSUER}/token`,
      jwks_uri: `${ISSUER}/jwks`,
      userinfo_endpoint: `${ISSUER}/me`,
      revocation_endpoint: `${ISSUER}/token/revocation`,
      introspection_endpoint: `${ISSUER}/token/introspection`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['ES256'],
    });
    expect(discovery.grant_types_supported).not.toContain('implicit');
    expect(discovery.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email']),
    );
    expect(answer.body).not.toContain('atacante');
  });

  it('publishes the public half of its signing key, the one stored encrypted', async () => {
    const answer = await t.app.inject({ url: '/oidc/jwks' });
    expect(answer.statusCode).toBe(200);
    const { keys } = answer.json<{ keys: Record<string, string>[] }>();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
    const [row] = await t.db.select().from(glOidcChave);
    expect(row?.kid).toBe(keys[0]?.kid);
    const [privateKey] = await loadSigningKeys(t.db, TEST_SESSION_SECRET);
    expect(privateKey?.d).toBeTruthy();
    // At rest the private part is ciphertext only.
    expect(row?.chave_privada_cifrada).not.toContain(privateKey?.d);
    expect(JSON.stringify(row?.chave_publica)).not.toContain(privateKey?.d);
  });

  it('reads the token endpoint’s form itself, and refuses an application it does not know', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload:
        'grant_type=authorization_code&code=abc&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&client_id=desconhecido',
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('answers an application it does not know with a page in Portuguese', async () => {
    const answer = await t.app.inject({
      url: '/oidc/auth?client_id=desconhecido&response_type=code&scope=openid&redirect_uri=https%3A%2F%2Fapp.example%2Fcb',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.body).toContain('Não foi possível entrar no aplicativo');
    expect(answer.body).toContain('invalid_client');
    expect(answer.body).not.toContain('oops');
  });
});

describe('the token endpoints’ rate limit (decision 086)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL, RATE_LIMIT_AUTH_MAX: '3' } });
  });
  afterAll(() => t.close());

  it('limits the calls that check an application’s secret like sign-ins', async () => {
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: '/oidc/token/revocation',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'token=abc&client_id=desconhecido',
      });
    const statuses = [];
    for (let index = 0; index < 4; index++) statuses.push((await call()).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Discovery is not one of them.
    expect((await t.app.inject({ url: '/oidc/.well-known/openid-configuration' })).statusCode).toBe(
      200,
    );
  });
});

describe('signing keys (decision 086)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('makes a key rotated in before any key exists sign at once', async () => {
    const empty = await createTestDatabase();
    try {
      const now = new Date();
      const { kid } = await rotateSigningKeys(
        empty.db,
        TEST_SESSION_SECRET,
        new Date(now.getTime() + 3600_000),
        now,
      );
      expect(
        (await loadSigningKeys(empty.db, TEST_SESSION_SECRET, now)).map((key) => key.kid),
      ).toEqual([kid]);
      const [row] = await empty.db.select().from(glOidcChave);
      expect(row?.datahora_ativa.getTime()).toBe(now.getTime());
    } finally {
      await empty.close();
    }
  });

  it('creates one first key when instances start together', async () => {
    await Promise.all(
      Array.from({ length: 10 }, () => ensureSigningKey(database.db, TEST_SESSION_SECRET)),
    );
    expect(await database.db.select().from(glOidcChave)).toHaveLength(1);
  });

  it('refuses to open the keys with another SESSION_SECRET, saying so', async () => {
    await expect(loadSigningKeys(database.db, 'another-secret-'.padEnd(48, 'y'))).rejects.toThrow(
      /does not open with this SESSION_SECRET/,
    );
  });

  it('rotates: the new key is published at once and signs from its activation; the one before the current is retired', async () => {
    const [first] = await loadSigningKeys(database.db, TEST_SESSION_SECRET);
    const now = new Date();
    const tomorrow = new Date(now.getTime() + 24 * 3600_000);
    const { kid: second } = await rotateSigningKeys(
      database.db,
      TEST_SESSION_SECRET,
      tomorrow,
      now,
    );
    expect(
      (await loadSigningKeys(database.db, TEST_SESSION_SECRET, now)).map((key) => key.kid),
    ).toEqual([first?.kid, second]);
    const afterActivation = new Date(tomorrow.getTime() + 1000);
    expect(
      (await loadSigningKeys(database.db, TEST_SESSION_SECRET, afterActivation)).map(
        (key) => key.kid,
      ),
    ).toEqual([second, first?.kid]);
    const { kid: third, retired } = await rotateSigningKeys(
      database.db,
      TEST_SESSION_SECRET,
      afterActivation,
      afterActivation,
    );
    expect(retired).toBe(1);
    const later = new Date(afterActivation.getTime() + 1000);
    expect(
      (await loadSigningKeys(database.db, TEST_SESSION_SECRET, later)).map((key) => key.kid),
    ).toEqual([third, second]);
  });
});

describe('the provider’s storage (decision 086)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('keeps, finds and forgets rows by id, uid and grant, and never returns an expired one', async () => {
    const sessions = new DatabaseAdapter(database.db, 'Session');
    const codes = new DatabaseAdapter(database.db, 'AuthorizationCode');
    await sessions.upsert('s1', { jti: 's1', uid: 'u1', kind: 'Session' }, 60);
    await codes.upsert('c1', { jti: 'c1', grantId: 'g1', kind: 'AuthorizationCode' }, 60);
    await codes.upsert('old', { jti: 'old', kind: 'AuthorizationCode' }, -1);
    expect(await sessions.find('s1')).toMatchObject({ jti: 's1' });
    expect(await sessions.findByUid('u1')).toMatchObject({ jti: 's1' });
    // Another model's row with the same id is not this model's.
    expect(await codes.find('s1')).toBeUndefined();
    expect(await codes.find('old')).toBeUndefined();
    await sessions.upsert('s1', { jti: 's1', uid: 'u1', kind: 'Session', accountId: '7' }, 60);
    expect(await sessions.find('s1')).toMatchObject({ accountId: '7' });
    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
    await codes.revokeByGrantId('g1');
    expect(await codes.find('c1')).toBeUndefined();
    expect(await purgeExpiredOidcRecords(database.db)).toBe(1);
  });

  it('says 503 temporarily_unavailable while the database is away, and lets other errors through', async () => {
    // A query builder whose every call chains and whose query, once awaited, fails with `error`.
    const failing = (error: Error): Database => {
      const chain: object = new Proxy(() => chain, {
        get: (_target, name) =>
          name === 'then'
            ? (_resolve: unknown, reject: (reason: Error) => void) => reject(error)
            : () => chain,
        apply: () => chain,
      });
      return chain as Database;
    };
    const away = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    for (const call of [
      (adapter: DatabaseAdapter) => adapter.find('x'),
      (adapter: DatabaseAdapter) => adapter.upsert('x', { jti: 'x' }, 60),
      (adapter: DatabaseAdapter) => adapter.consume('x'),
      (adapter: DatabaseAdapter) => adapter.destroy('x'),
      (adapter: DatabaseAdapter) => adapter.revokeByGrantId('g'),
    ]) {
      await expect(call(new DatabaseAdapter(failing(away), 'Session'))).rejects.toMatchObject({
        status: 503,
        error: 'temporarily_unavailable',
        expose: true,
      });
    }
    const bug = new Error('column "x" does not exist');
    await expect(new DatabaseAdapter(failing(bug), 'Session').find('x')).rejects.toBe(bug);
  });

  it('lets a code be consumed once, even by 50 requests at once; the rest are refused and the grant revoked', async () => {
    const codes = new DatabaseAdapter(database.db, 'AuthorizationCode');
    const tokens = new DatabaseAdapter(database.db, 'AccessToken');
    await codes.upsert('c2', { jti: 'c2', grantId: 'g2', kind: 'AuthorizationCode' }, 60);
    await tokens.upsert('t2', { jti: 't2', grantId: 'g2', kind: 'AccessToken' }, 60);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => codes.consume('c2')));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refusals = results.filter(
      (result): result is PromiseRejectedResult => result.status === 'rejected',
    );
    expect(refusals).toHaveLength(49);
    expect(
      refusals.every((refusal) => (refusal.reason as { error?: string }).error === 'invalid_grant'),
    ).toBe(true);
    expect(await tokens.find('t2')).toBeUndefined();
  });
});
