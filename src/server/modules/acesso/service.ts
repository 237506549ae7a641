import { and, eq, gt } from 'drizzle-orm';
import { TWOFA_CODE_INVALID_MESSAGE, TWOFA_CODE_REQUIRED_MESSAGE } from '#shared/fields';
import { ACESSO_MESSAGES, type LoginInfo } from '#shared/schemas/acesso';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { glAcessoEvento } from '../../db/schema.ts';
import { AppError, fieldError, notFound, unauthorized } from '../../errors.ts';
import { hashToken, randomToken, safeEqual } from '../../session/tokens.ts';
import { findActiveProduct } from '../produto/service.ts';
import { findActiveContract, findOpenPlanChange } from '../contrato/service.ts';
import {
  isTrustedDevice,
  shouldAskCreate,
  trustDevice,
  verifyLoginCode,
  type TwofaDeps,
} from '../twofa/service.ts';
import {
  findClient,
  findUserByEmail,
  findUserById,
  listClientLinks,
} from './queries.ts';
import {
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  accountKey,
  addressKey,
  clearFailures,
  isBlocked,
  recordFailure,
} from './throttle.ts';

/** §3/§4: the login event a product receives with the session; valid for an hour. */
export const LOGIN_EVENT_TTL_MS = 60 * 60 * 1000;

export interface AcessoDeps {
  db: Database;
  twofa: TwofaDeps;
  publicUrl: string;
  /** An argon2id hash of a random password: unknown e-mails are checked against it (same timing). */
  dummyHash: Promise<string>;
}

export function createAcessoDeps(options: {
  db: Database;
  twofa: TwofaDeps;
  publicUrl: string;
}): AcessoDeps {
  return { ...options, dummyHash: hashPassword(randomToken()) };
}

export const invalidCredentials = () =>
  new AppError(401, ACESSO_MESSAGES.invalidCredentials, 'invalid_credentials');
export const invalidPassword = () =>
  new AppError(401, ACESSO_MESSAGES.invalidPassword, 'invalid_credentials');
export const productNotFound = () => notFound(ACESSO_MESSAGES.productNotFound, 'product_not_found');
export const eventNotFound = () => notFound(ACESSO_MESSAGES.eventNotFound, 'event_not_found');

// ---------------------------------------------------------------------------------------------
// Credentials

export interface SecondFactorInput {
  code: string | null | undefined;
  /** The trusted-device cookie the browser sent. */
  deviceCookie: string | undefined;
  /** Set when the person asked to trust this device (§2 Login): its name. */
  trustName: string | null;
}

/**
 * Checks an e-mail and password (and the TOTP code when the user has 2FA on and the device is
 * not trusted), throttled per account and per address. Every refusal of the credentials is the
 * same `invalid()` error; a blocked attempt gets it without the password being checked.
 * Returns the user and, when a device was trusted now, the cookie value naming it.
 */
export async function authenticate(
  deps: AcessoDeps,
  input: {
    email: string;
    password: string;
    ip: string;
    invalid: () => AppError;
    /** Absent: no second factor asked (the event login confirms a session already proven). */
    secondFactor?: SecondFactorInput;
  },
  now = new Date(),
): Promise<{ usuarioId: number; deviceCookie: string | null }> {
  const { db, twofa } = deps;
  const account = accountKey(input.email);
  const address = addressKey(input.ip);
  const fail = async () => {
    await recordFailure(db, account, ACCOUNT_POLICY, now);
    await recordFailure(db, address, ADDRESS_POLICY, now);
    return input.invalid();
  };

  if (await isBlocked(db, [account, address], now)) throw await fail();
  const user = await findUserByEmail(db, input.email);
  // Always one argon2 verification, so the answer time does not tell whether the e-mail exists.
  const passwordOk = await verifyPassword(
    user?.senha_hash ?? (await deps.dummyHash),
    input.password,
  );
  if (!user?.ativo || !passwordOk) throw await fail();

  let deviceCookie: string | null = null;
  const second = input.secondFactor;
  if (
    second &&
    user.twofa_ativo &&
    !(await isTrustedDevice(twofa, user.id, second.deviceCookie, now))
  ) {
    const code = second.code?.trim();
    if (!code) throw fieldError('twofaCode', TWOFA_CODE_REQUIRED_MESSAGE, 'twofa_required');
    if (!(await verifyLoginCode(twofa, user.id, code, now))) {
      await fail();
      throw fieldError('twofaCode', TWOFA_CODE_INVALID_MESSAGE, 'twofa_invalid_code');
    }
    if (second.trustName) {
      deviceCookie = await trustDevice(
        twofa,
        { usuarioId: user.id, nome: second.trustName, ip: input.ip },
        now,
      );
    }
  }
  await clearFailures(db, account, now);
  return { usuarioId: user.id, deviceCookie };
}

/**
 * Forgets an account's failed sign-ins: a password reset proves the address, so the lock the
 * failures may have set (decision 010) ends with it.
 */
export async function clearLoginFailures(db: Queryable, email: string, now = new Date()): Promise<void> {
  await clearFailures(db, accountKey(email), now);
}

// ---------------------------------------------------------------------------------------------
// Access events (evento_id + evento_token, §3)

export async function createAccessEvent(
  db: Queryable,
  input: {
    tipo: string;
    usuarioId: number;
    produtoId: number;
    clienteId: number | null;
    sessaoId: string | null;
  },
  now = new Date(),
): Promise<{ id: number; token: string }> {
  const token = randomToken();
  const [row] = await db
    .insert(glAcessoEvento)
    .values({
      token_hash: hashToken(token),
      tipo: input.tipo,
      gl_usuario_id: input.usuarioId,
      gl_produto_id: input.produtoId,
      gl_cliente_id: input.clienteId,
      gl_sessao_id: input.sessaoId,
      datahora_expira: new Date(now.getTime() + LOGIN_EVENT_TTL_MS),
    })
    .returning({ id: glAcessoEvento.id });
  if (!row) throw new Error('event insert returned no row');
  return { id: row.id, token };
}

/** An unexpired event whose token matches, or null (the caller says nothing more, §3). */
export async function findValidEvent(
  db: Queryable,
  ref: { id: number; token: string },
  now = new Date(),
) {
  const [event] = await db
    .select({
      id: glAcessoEvento.id,
      token_hash: glAcessoEvento.token_hash,
      tipo: glAcessoEvento.tipo,
      gl_usuario_id: glAcessoEvento.gl_usuario_id,
      gl_produto_id: glAcessoEvento.gl_produto_id,
      gl_cliente_id: glAcessoEvento.gl_cliente_id,
    })
    .from(glAcessoEvento)
    .where(and(eq(glAcessoEvento.id, ref.id), gt(glAcessoEvento.datahora_expira, now)));
  return event && safeEqual(event.token_hash, hashToken(ref.token)) ? event : null;
}

// ---------------------------------------------------------------------------------------------
// Login info (§3), the answer of login, evento_getInfo and the account flows of issue 4

/** §4: the client is chosen for the user when there is exactly one to choose. */
export async function autoSelectClient(db: Queryable, usuarioId: number): Promise<number | null> {
  const links = await listClientLinks(db, usuarioId);
  return links.length === 1 && links[0] ? links[0].cliente_id : null;
}

export async function buildLoginInfo(
  db: Queryable,
  input: {
    usuarioId: number;
    produtoId: number;
    clienteId: number | null;
    session: { id: string; token: string };
    event: { id: number; token: string };
    publicUrl: string;
  },
  now = new Date(),
): Promise<LoginInfo> {
  const user = await findUserById(db, input.usuarioId);
  if (!user?.ativo) throw unauthorized();
  const produto = await findActiveProduct(db, input.produtoId, input.publicUrl);
  if (!produto) throw productNotFound();

  const links = await listClientLinks(db, user.id);
  const cliente = input.clienteId === null ? null : await findClient(db, input.clienteId);
  const contract = cliente ? await findActiveContract(db, cliente.id, produto.id) : null;
  const pending = contract ? await findOpenPlanChange(db, contract.id) : null;

  const url = new URL(produto.url);
  url.searchParams.set('sessao_id', input.session.id);
  url.searchParams.set('sessao_token', input.session.token);
  url.searchParams.set('evento_id', String(input.event.id));
  url.searchParams.set('evento_token', input.event.token);

  return {
    ok: true,
    senha_revalidar: user.senha_revalidar,
    evento: input.event,
    sessao: input.session,
    usuario: { id: user.id, nome: user.nome, email: user.email, nivel: user.nivel },
    produto,
    cliente,
    clientes: links.map((link) => ({
      id: link.id,
      nivel: link.nivel,
      cliente: { id: link.cliente_id, razao_social: link.razao_social, cpfcnpj: link.cpfcnpj },
    })),
    contrato_ultimo: contract && {
      id: contract.id,
      periodo_inicio: contract.periodo_inicio,
      periodo_fim: contract.periodo_fim,
      plano: { id: contract.plano_id, nome_exibicao: contract.plano_nome_exibicao },
    },
    url: url.toString(),
    clienteUsuario_nivel: cliente
      ? (links.find((link) => link.cliente_id === cliente.id)?.nivel ?? null)
      : null,
    contrato_evento_aberto: pending,
    twofa_shouldAskCreate: shouldAskCreate(user, now),
  };
}

/** The event user's e-mail, for the throttle key of an event login. */
export async function eventUserEmail(db: Queryable, usuarioId: number): Promise<string | null> {
  return (await findUserById(db, usuarioId))?.email ?? null;
}

/**
 * Where an event login may send the browser: a path of this site ('/...', never '//...' or
 * anything a browser could read as another host) or exactly the product's url; anything else
 * becomes the product's url (no open redirect).
 */
export function safeRedirect(
  to: string | null | undefined,
  productUrl: string,
  publicUrl: string,
): string {
  if (!to) return productUrl;
  if (to === productUrl) return to;
  // Browsers read '\' as '/' and drop tabs and newlines: '/\evil' and '/\t/evil' are other hosts.
  // eslint-disable-next-line no-control-regex
  if (!to.startsWith('/') || to.startsWith('//') || /[\u0000-\u0020\u007f\\]/.test(to))
    return productUrl;
  const origin = new URL(publicUrl).origin;
  return new URL(to, origin).origin === origin ? to : productUrl;
}
