import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import {
  createClient,
  createContract,
  createPendingPlanChange,
  createProduct,
  createUser,
  linkUserToClient,
} from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// Spied before the database opens, so the write count's wrapper calls the spy.
const queries = vi.spyOn(PGlite.prototype, 'query');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const statementsLike = (pattern: RegExp, since: number) =>
  queries.mock.calls.slice(since).filter(([text]) => pattern.test(String(text))).length;

// Issue 15: a sign-in is its password check and as few statements as its answer needs; what the
// route already read is not read again for the login info.
describe('the statements of a sign-in', () => {
  it('reads the person, the client links and the contract once, the product from memory, and writes the session, the history and the access event', async (context) => {
    if (t.database.kind !== 'pglite') return context.skip();
    const produto = await createProduct(t.db);
    const user = await createUser(t.db);
    const cliente = await createClient(t.db);
    await linkUserToClient(t.db, user.id, cliente.id, 10);
    const { contrato } = await createContract(t.db, cliente.id, produto.id);
    await createPendingPlanChange(t.db, contrato);
    const signIn = (agent: ApiAgent) =>
      agent.post('/api/acesso/login', { email: user.email, senha: 'demo1234', recaptcha: 'ok', gl_produto_id: produto.id });
    // The first sign-in of this browser; the person comes back with it.
    const first = new ApiAgent(t.app, { remoteAddress: '10.9.0.1' });
    expect((await signIn(first)).body.status).toBe(200);
    const again = new ApiAgent(t.app, { remoteAddress: '10.9.0.1' });
    again.cookies.set('portal_navegador', first.cookies.get('portal_navegador') ?? '');

    const before = queries.mock.calls.length;
    const response = await signIn(again);
    expect(response.body.status).toBe(200);
    // The login info's person is the one read for the credentials, with whether they have a
    // passkey; the client comes with the links.
    expect(statementsLike(/"senha_revalidar".*from "gl_usuario"/s, before)).toBe(1);
    expect(statementsLike(/"gl_usuario_chave_acesso"/, before)).toBe(1);
    expect(statementsLike(/from "gl_contrato"|from "gl_contrato_evento"/, before)).toBe(1);
    // The product the first sign-in read is kept (db/kept-reads.ts): nothing changed it since.
    expect(statementsLike(/from "gl_produto"/, before)).toBe(0);
    expect(statementsLike(/from "gl_cliente_usuario" inner join "gl_cliente"/, before)).toBe(1);
    expect(statementsLike(/from "gl_cliente" /, before)).toBe(0);
    // No failures to clear: the throttle is read once, and nothing deleted.
    expect(statementsLike(/"gl_acesso_tentativa"/, before)).toBe(1);
    // The history and the known browser's last use in one statement.
    expect(statementsLike(/"gl_usuario_acesso"|"gl_usuario_navegador"/, before)).toBe(1);
    expect(queries.mock.calls.length - before).toBe(7);
  });
});
