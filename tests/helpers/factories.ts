import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { App } from '../../src/server/app.ts';
import { deriveKey } from '../../src/server/platform/crypto/keys.ts';
import { encryptSecret } from '../../src/server/platform/crypto/secret-box.ts';
import type { Queryable } from '../../src/server/platform/db/database.ts';
import {
  glCliente,
  glClienteUsuario,
  glContrato,
  glContratoEvento,
  glPlano,
  glPlanoPagamento,
  glProduto,
  glUsuario,
  glUsuarioDispositivo,
  pgConta,
} from '../../src/server/platform/db/schema.ts';
import { SESSION_COOKIE } from '../../src/server/platform/session/session-plugin.ts';
import { createSession } from '../../src/server/platform/session/session-store.ts';
import { ApiAgent } from './api-agent.ts';
import { randomCpf } from './documents.ts';
import { TEST_SESSION_SECRET } from './test-app.ts';

export { randomCnpj, randomCpf } from './documents.ts';

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}${randomBytes(2).toString('hex')}`;

/** An e-mail address no other test uses: `${prefix}.<unique>@teste.com.br`. */
export const uniqueEmail = (prefix = 'pessoa') => `${prefix}.${unique()}@teste.com.br`;

/** A stored hash of the password "demo1234", computed once (argon2 is slow by design). */
let passwordHash: Promise<string> | undefined;
async function demoPasswordHash(): Promise<string> {
  const { hashPassword } = await import('../../src/server/platform/crypto/password.ts');
  passwordHash ??= hashPassword('demo1234');
  return passwordHash;
}

export type NewUser = typeof glUsuario.$inferInsert;

/** A user with unique e-mail; override any column. Its password is "demo1234". */
export async function createUser(db: Queryable, overrides: Partial<NewUser> = {}) {
  const id = unique();
  const [user] = await db
    .insert(glUsuario)
    .values({
      nome: `Pessoa ${id}`,
      apelido: `P${id}`.slice(0, 20),
      email: `pessoa.${id}@teste.com.br`,
      telefone_celular: '11987654321',
      senha_hash: await demoPasswordHash(),
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  return user;
}

/**
 * A signed-in session for a user, as the cookie value a browser would carry. `reauthenticated`:
 * the session proved its user just now (a sign-in with every factor, decision 011).
 */
export async function createSessionCookie(
  db: Queryable,
  usuarioId: number,
  context: { clienteId?: number; produtoId?: number; reauthenticated?: boolean } = {},
): Promise<string> {
  const session = await createSession(
    db,
    { usuarioId, ...context },
    { ttlMs: 3600_000, absoluteTtlMs: 7 * 24 * 3600_000 },
  );
  return session.cookieValue;
}

// ---------------------------------------------------------------------------------------------
// Sign-in, clients, contracts and 2FA



export type NewProduct = typeof glProduto.$inferInsert;

/** An active product (url '/painel' unless overridden). */
export async function createProduct(db: Queryable, overrides: Partial<NewProduct> = {}) {
  const [product] = await db
    .insert(glProduto)
    .values({ nome: `Produto ${unique()}`, url: '/painel', cadastro_permitido: true, ...overrides })
    .returning();
  if (!product) throw new Error('product insert returned nothing');
  return product;
}

export type NewClient = typeof glCliente.$inferInsert;

/** An individual client (CPF) with a unique document and invoice token. */
export async function createClient(db: Queryable, overrides: Partial<NewClient> = {}) {
  const [client] = await db
    .insert(glCliente)
    .values({
      tipo_pessoa: 1,
      cpfcnpj: randomCpf(),
      razao_social: `Cliente ${unique()}`,
      nome_fantasia: null,
      fatura_token: randomBytes(32).toString('base64url'),
      ...overrides,
    })
    .returning();
  if (!client) throw new Error('client insert returned nothing');
  return client;
}

/** Links a user to a client at a level (§6: manager 10 by default). */
export async function linkUserToClient(db: Queryable, usuarioId: number, clienteId: number, nivel = 10) {
  const [link] = await db
    .insert(glClienteUsuario)
    .values({ gl_usuario_id: usuarioId, gl_cliente_id: clienteId, nivel })
    .returning();
  if (!link) throw new Error('link insert returned nothing');
  return link;
}

/** A plan with one monthly payment option on a product, and the client's active contract on it. */
export async function createContract(db: Queryable, clienteId: number, produtoId: number) {
  const [plano] = await db
    .insert(glPlano)
    .values({ gl_produto_id: produtoId, nome: `plano-${unique()}`, nome_exibicao: 'Profissional' })
    .returning();
  if (!plano) throw new Error('plan insert returned nothing');
  const [pagamento] = await db
    .insert(glPlanoPagamento)
    .values({ gl_plano_id: plano.id, cobranca_tipo: 1, cobranca_tipo_desc: 'Mensal', valor: '149.90' })
    .returning();
  if (!pagamento) throw new Error('payment insert returned nothing');
  const [contrato] = await db
    .insert(glContrato)
    .values({
      gl_cliente_id: clienteId,
      gl_produto_id: produtoId,
      gl_plano_id: plano.id,
      gl_plano_pagamento_id: pagamento.id,
      periodo_inicio: '2026-11-01',
      periodo_fim: '2026-11-30',
    })
    .returning();
  if (!contrato) throw new Error('contract insert returned nothing');
  return { plano, pagamento, contrato };
}

/** A pending plan change of a contract to a new plan, scheduled for a day. */
export async function createPendingPlanChange(
  db: Queryable,
  contrato: { id: number; gl_produto_id: number },
  agendamento_data = '2026-12-01',
) {
  const [plano] = await db
    .insert(glPlano)
    .values({ gl_produto_id: contrato.gl_produto_id, nome: `plano-${unique()}`, nome_exibicao: 'Empresarial' })
    .returning();
  if (!plano) throw new Error('plan insert returned nothing');
  const [pagamento] = await db
    .insert(glPlanoPagamento)
    .values({ gl_plano_id: plano.id, cobranca_tipo: 12, cobranca_tipo_desc: 'Anual', valor: '3999.00' })
    .returning();
  if (!pagamento) throw new Error('payment insert returned nothing');
  const [evento] = await db
    .insert(glContratoEvento)
    .values({
      gl_contrato_id: contrato.id,
      gl_plano_id: plano.id,
      gl_plano_pagamento_id: pagamento.id,
      agendamento_data,
    })
    .returning();
  if (!evento) throw new Error('plan change insert returned nothing');
  return { plano, pagamento, evento };
}

/**
 * Turns 2FA on for a user with a given base32 secret, stored encrypted as the app stores it
 * (the key derives from the test apps' session secret).
 */
export async function enableTwofa(
  db: Queryable,
  usuarioId: number,
  secretBase32: string,
  sessionSecret: string = TEST_SESSION_SECRET,
): Promise<void> {
  const key = deriveKey(sessionSecret, 'totp-secret-encryption');
  await db
    .update(glUsuario)
    .set({ twofa_ativo: true, twofa_secret: encryptSecret(key, secretBase32) })
    .where(eq(glUsuario.id, usuarioId));
}

/** A trusted device of a user; returns its row and the cookie value naming it. */
export async function createTrustedDevice(
  db: Queryable,
  usuarioId: number,
  overrides: { nome?: string; trusted_until?: Date; trusted_datetime?: Date } = {},
) {
  const token = randomBytes(32).toString('base64url');
  const [device] = await db
    .insert(glUsuarioDispositivo)
    .values({
      gl_usuario_id: usuarioId,
      nome: overrides.nome ?? `Dispositivo ${unique()}`,
      token_hash: createHash('sha256').update(token).digest('hex'),
      trusted_ip: '127.0.0.1',
      trusted_datetime: overrides.trusted_datetime ?? new Date(),
      trusted_until: overrides.trusted_until ?? new Date(Date.now() + 60 * 24 * 3600_000),
    })
    .returning();
  if (!device) throw new Error('device insert returned nothing');
  return { device, cookieValue: `${device.id}.${token}` };
}

/** A browser-like agent signed in as the user (a session row made directly, as a login would). */
export async function signedInAgent(
  t: { app: App; db: Queryable },
  usuarioId: number,
  context: { clienteId?: number; produtoId?: number; remoteAddress?: string; reauthenticated?: boolean } = {},
): Promise<ApiAgent> {
  const { remoteAddress, ...sessionContext } = context;
  const agent = new ApiAgent(t.app, remoteAddress ? { remoteAddress } : {});
  agent.cookies.set(SESSION_COOKIE, await createSessionCookie(t.db, usuarioId, sessionContext));
  return agent;
}

// ---------------------------------------------------------------------------------------------
// Plans and payment accounts

/** A plan of a product with one payment option; override the plan's or the option's columns. */
export async function createPlanWithOption(
  db: Queryable,
  produtoId: number,
  overrides: { plano?: Partial<typeof glPlano.$inferInsert>; pagamento?: Partial<typeof glPlanoPagamento.$inferInsert> } = {},
) {
  const [plano] = await db
    .insert(glPlano)
    .values({ gl_produto_id: produtoId, nome: `plano-${unique()}`, nome_exibicao: 'Avançado', ...overrides.plano })
    .returning();
  if (!plano) throw new Error('plan insert returned nothing');
  const [pagamento] = await db
    .insert(glPlanoPagamento)
    .values({ gl_plano_id: plano.id, cobranca_tipo: 1, cobranca_tipo_desc: 'Mensal', valor: '249.90', ...overrides.pagamento })
    .returning();
  if (!pagamento) throw new Error('payment insert returned nothing');
  return { plano, pagamento };
}

/** An active payment account (Boleto, Pix, ...). */
export async function createPaymentAccount(db: Queryable, overrides: Partial<typeof pgConta.$inferInsert> = {}) {
  const [conta] = await db
    .insert(pgConta)
    .values({ nome: `conta-${unique()}`, nome_exibicao: 'Boleto bancário', ...overrides })
    .returning();
  if (!conta) throw new Error('account insert returned nothing');
  return conta;
}
