import { and, eq, isNull, sql } from 'drizzle-orm';
import { TWOFA_CODE_INVALID_MESSAGE, TWOFA_CODE_REQUIRED_MESSAGE } from '#shared/fields';
import { ACESSO_MESSAGES, type LoginInfo } from '#shared/schemas/auth';
import { hashPassword, needsRehash, UNKNOWN_USER_PASSWORD_HASH, verifyPassword } from '../../platform/crypto/password.ts';
import {
  ADDRESS_POLICY,
  accountAddressKey,
  accountKey,
  addressKey,
  clearFailures,
  isBlocked,
  readFailures,
  passwordKeys,
  recordFailure,
} from '../../platform/throttle/throttle.ts';
import type { Database, Queryable } from '../../platform/db/database.ts';
import { paramsFor, placeholdersFor, preparedFor } from '../../platform/db/prepared.ts';
import { glAcessoEvento, glAcessoTentativa, glSessao, glUsuario } from '../../platform/db/schema.ts';
import { AppError, fieldError, notFound, unauthorized, UnavailableError } from '../../platform/errors.ts';
import { hashToken, randomToken, safeEqual } from '../../platform/session/tokens.ts';
import { findActiveProduct, type ActiveProduct } from '../products/index.ts';
import { hasPasskey, recordRefusedSignIn, type RefusedSignIn } from '../security/index.ts';
import { findActiveContractWithOpenChange } from '../contracts/index.ts';
import {
  isTrustedDevice,
  shouldAskCreate,
  trustDevice,
  unusedRecoveryKeys,
  verifySecondFactor,
  type SecondFactor,
  type TwofaDeps,
} from '../twofa/index.ts';
import {
  findClient,
  findUserByEmail,
  findUserById,
  listClientLinks,
} from './queries.ts';
import { signInOutcomes } from '../../platform/observability/metrics.ts';

/**
 * §3/§4: an access event confirms a login for this long (docs/decisions/015): long enough for
 * the product to send the person to e.login right after the handoff, short enough that a token
 * read from a browser's history is already dead.
 */
const LOGIN_EVENT_TTL_MS = 10 * 60 * 1000;

export interface AcessoDeps {
  db: Database;
  twofa: TwofaDeps;
  publicUrl: string;
}

export const invalidCredentials = () =>
  new AppError(401, ACESSO_MESSAGES.invalidCredentials, 'invalid_credentials');
export const invalidPassword = () =>
  new AppError(401, ACESSO_MESSAGES.invalidPassword, 'invalid_credentials');
export const productNotFound = () => notFound(ACESSO_MESSAGES.productNotFound, 'product_not_found');
export const eventNotFound = () => notFound(ACESSO_MESSAGES.eventNotFound, 'event_not_found');
const codeRequired = () => fieldError('twofaCode', TWOFA_CODE_REQUIRED_MESSAGE, 'twofa_required');
const codeInvalid = () => fieldError('twofaCode', TWOFA_CODE_INVALID_MESSAGE, 'twofa_invalid_code');

// ---------------------------------------------------------------------------------------------
// Credentials

export interface SecondFactorInput {
  /** A TOTP code or a recovery key. */
  code: string | null | undefined;
  /** The trusted-device cookie the browser sent. */
  deviceCookie: string | undefined;
  /** Set when the person asked to trust this device (§2 Login): its name. */
  trustName: string | null;
}

export interface Authentication {
  usuarioId: number;
  /** The person as read for the credentials (no password hash): the login info's user. */
  user: LoginInfoUser;
  /** The cookie naming a device trusted now, to set on the answer. */
  deviceCookie: string | null;
  /** What the second step took; null when 2FA is off or the device is trusted. */
  secondFactor: SecondFactor | null;
  /** Unused recovery keys left, when one was used now. */
  recoveryKeysLeft: number | null;
  /**
   * Every factor the step-up would ask was checked (the password where 2FA is off, a code or
   * recovery key where it is on): the session may start "freshly proven" (decision 011).
   */
  reauthenticated: boolean;
}

/** The password keys of decision 010, with their policies. */
/** What a password check found: right, wrong (or an inactive user), or refused unchecked. */
type PasswordOutcome = 'ok' | 'wrong' | 'blocked';

/**
 * A password check under the throttle of decision 010: blocked → refused unchecked; wrong →
 * counted on every key; right → the account's keys forgotten. The account-wide lock is skipped
 * for a trusted device of the owner, so strangers cannot lock the owner out.
 */
async function checkPassword(
  deps: AcessoDeps,
  input: {
    email: string;
    password: string;
    ip: string;
    user: { id: number; senha_hash: string; ativo: boolean } | null;
    trustedDevice: boolean;
  },
  now: Date,
): Promise<PasswordOutcome> {
  const { db } = deps;
  const keys = passwordKeys(input.email, input.ip);
  const guarded = keys
    .filter(([key]) => !(input.trustedDevice && key === accountKey(input.email)))
    .map(([key]) => key);
  let ok = false;
  const failures = await readFailures(db, keys.map(([key]) => key));
  const blocked = isBlocked(failures, guarded, now);
  if (!blocked) {
    // Always one argon2 verification, so the answer time does not tell whether the e-mail exists.
    const passwordOk = await verifyPassword(
      input.user?.senha_hash ?? UNKNOWN_USER_PASSWORD_HASH,
      input.password,
    );
    ok = passwordOk && input.user?.ativo === true;
  }
  if (!ok) {
    for (const [key, policy] of keys) await recordFailure(db, key, policy, now);
    return blocked ? 'blocked' : 'wrong';
  }
  await clearFailures(db, failures, [accountAddressKey(input.email, input.ip), accountKey(input.email)]);
  if (input.user && needsRehash(input.user.senha_hash)) {
    await rehashPassword(db, input.user.id, input.user.senha_hash, input.password);
  }
  return 'ok';
}

/**
 * A hash made with older parameters is replaced now that the password is known (decision 060),
 * unless the password changed meanwhile. Never fails the sign-in: with the hashing queue full it
 * waits for the next one.
 */
async function rehashPassword(db: Queryable, usuarioId: number, oldHash: string, password: string): Promise<void> {
  let fresh: string;
  try {
    fresh = await hashPassword(password);
  } catch (error) {
    if (error instanceof UnavailableError) return;
    throw error;
  }
  await db
    .update(glUsuario)
    .set({ senha_hash: fresh })
    .where(and(eq(glUsuario.id, usuarioId), eq(glUsuario.senha_hash, oldHash)));
}

/**
 * Checks an e-mail and password, then the second factor when the user has 2FA on and the device
 * is not trusted: a TOTP code or a recovery key (§4). Every refusal of the password is the same
 * `invalid()` error; codes are throttled per user (decision 010). Nothing is written by the
 * caller before this returns, so a password alone never acts for a 2FA user.
 */
export async function authenticate(
  deps: AcessoDeps,
  input: {
    email: string;
    password: string;
    ip: string;
    /** For the sign-in history (decisions 070-072). */
    userAgent?: string | null | undefined;
    invalid: () => AppError;
    secondFactor: SecondFactorInput;
  },
  now = new Date(),
): Promise<Authentication> {
  const { db, twofa } = deps;
  const user = await findUserByEmail(db, input.email);
  const second = input.secondFactor;
  const trustedDevice = user ? await isTrustedDevice(twofa, user.id, second.deviceCookie, now) : false;
  const password = await checkPassword(deps, { ...input, user, trustedDevice }, now);
  // A known account's refusals go to its sign-in history (decision 071).
  const refused = (tipo: RefusedSignIn, id: number) =>
    recordRefusedSignIn(db, { usuarioId: id, tipo, ip: input.ip, userAgent: input.userAgent }, now);
  if (password !== 'ok') signInOutcomes.inc({ outcome: password === 'blocked' ? 'throttled' : 'wrong_password' });
  if (user && password !== 'ok') await refused(password === 'blocked' ? 'bloqueado' : 'senha_incorreta', user.id);
  if (!user || password !== 'ok') throw input.invalid();
  // A temporary password works for 48 hours (decision 017); only a reset replaces it then.
  if (user.senha_temporaria_expira && user.senha_temporaria_expira <= now) {
    throw new AppError(401, ACESSO_MESSAGES.temporaryPasswordExpired, 'temporary_password_expired');
  }

  const { senha_hash: _hash, senha_temporaria_expira: _expiry, ...person } = user;
  const result: Authentication = {
    usuarioId: user.id,
    user: person,
    deviceCookie: null,
    secondFactor: null,
    recoveryKeysLeft: null,
    reauthenticated: !user.twofa_ativo,
  };
  if (!user.twofa_ativo || trustedDevice) {
    signInOutcomes.inc({ outcome: 'success' });
    return result;
  }

  const code = second.code?.trim();
  if (!code) {
    signInOutcomes.inc({ outcome: 'twofa_required' });
    throw codeRequired();
  }
  const factor = await verifySecondFactor(twofa, user.id, code, now);
  if (!factor) {
    signInOutcomes.inc({ outcome: 'twofa_failed' });
    // Also counted per address: one machine trying codes of many accounts.
    await recordFailure(db, addressKey(input.ip), ADDRESS_POLICY, now);
    await refused('codigo_incorreto', user.id);
    throw codeInvalid();
  }
  signInOutcomes.inc({ outcome: 'success' });
  result.secondFactor = factor;
  result.reauthenticated = true;
  if (factor === 'recovery_key') result.recoveryKeysLeft = await unusedRecoveryKeys(db, user.id);
  if (second.trustName) {
    result.deviceCookie = await trustDevice(
      twofa,
      { usuarioId: user.id, nome: second.trustName, ip: input.ip },
      now,
    );
  }
  return result;
}

type ProofInput = { usuarioId: number; ip: string; senha?: string | null | undefined; code?: string | null | undefined };
type ProvingUser = NonNullable<Awaited<ReturnType<typeof findUserById>>>;
/** What the login info reads of the person; the sign-in's read says whether they have a passkey. */
type LoginInfoUser = Omit<ProvingUser, 'senha_hash'> & { tem_chave_acesso?: boolean };

/** The 2FA code or recovery key of a proof, as a field error of its form when missing or wrong. */
async function proveSecondFactor(deps: AcessoDeps, user: ProvingUser, input: ProofInput, now: Date): Promise<void> {
  const code = input.code?.trim();
  if (!code) throw fieldError('code', TWOFA_CODE_REQUIRED_MESSAGE, 'twofa_required');
  if (!(await verifySecondFactor(deps.twofa, user.id, code, now))) {
    throw fieldError('code', TWOFA_CODE_INVALID_MESSAGE, 'twofa_invalid_code');
  }
}

/** The password of a proof, checked under the sign-in's throttle (decision 010). */
async function provePassword(deps: AcessoDeps, user: ProvingUser, input: ProofInput, now: Date): Promise<void> {
  if (!input.senha) throw fieldError('senha', ACESSO_MESSAGES.passwordRequired, 'password_required');
  const outcome = await checkPassword(
    deps,
    { email: user.email, password: input.senha, ip: input.ip, user, trustedDevice: false },
    now,
  );
  if (outcome !== 'ok') throw fieldError('senha', ACESSO_MESSAGES.invalidPassword, 'invalid_credentials');
}

async function provingUser(deps: AcessoDeps, usuarioId: number): Promise<ProvingUser> {
  const user = await findUserById(deps.db, usuarioId);
  if (!user?.ativo) throw unauthorized();
  return user;
}

/**
 * The step-up (docs/decisions/011-two-factor.md): the signed-in user proves it is them again,
 * with a code or recovery key where 2FA is on, with the password where it is off. Throttled like
 * the sign-in; a refusal is a field error of the dialog.
 */
export async function reauthenticate(deps: AcessoDeps, input: ProofInput, now = new Date()): Promise<void> {
  const user = await provingUser(deps, input.usuarioId);
  if (user.twofa_ativo) await proveSecondFactor(deps, user, input, now);
  else await provePassword(deps, user, input, now);
}

/**
 * The password and, with 2FA on, the code: what deleting the account asks (issue 19), more than
 * the step-up, as it cannot be undone.
 */
export async function confirmPasswordAndSecondFactor(deps: AcessoDeps, input: ProofInput, now = new Date()): Promise<void> {
  const user = await provingUser(deps, input.usuarioId);
  await provePassword(deps, user, input, now);
  if (user.twofa_ativo) await proveSecondFactor(deps, user, input, now);
}

/**
 * Forgets an account's failed sign-ins from every address: a password reset proves the address,
 * so the blocks the failures may have set (decision 010) end with it.
 */
export async function clearLoginFailures(db: Queryable, email: string): Promise<void> {
  const key = accountKey(email);
  await db
    .delete(glAcessoTentativa)
    .where(
      sql`${glAcessoTentativa.chave} = ${key} or starts_with(${glAcessoTentativa.chave}, ${`${key}|`})`,
    );
}

// ---------------------------------------------------------------------------------------------
// Access events (evento_id + evento_token, §3)

/** What an access event names: its kind, the person, the product, the client and the session. */
interface AccessEventInput {
  tipo: string;
  usuarioId: number;
  produtoId: number;
  clienteId: number | null;
  sessaoId: string;
}

/**
 * An access event of a session (docs/decisions/015): it names the sign-in to the product, lets
 * that session's own SPA ask its login info again, and confirms one event login within
 * LOGIN_EVENT_TTL_MS. It dies with its session (logout, expiry, a password or 2FA change).
 */
export async function createAccessEvent(
  db: Queryable,
  input: AccessEventInput,
  now = new Date(),
): Promise<{ id: number; token: string }> {
  const token = randomToken();
  const values = {
    token_hash: hashToken(token),
    tipo: input.tipo,
    gl_usuario_id: input.usuarioId,
    gl_produto_id: input.produtoId,
    gl_cliente_id: input.clienteId,
    gl_sessao_id: input.sessaoId,
    datahora_criado: now,
    datahora_expira: new Date(now.getTime() + LOGIN_EVENT_TTL_MS),
  };
  const [row] = await preparedFor(db, 'access_event_insert', (handle, name) =>
    handle
      .insert(glAcessoEvento)
      .values(placeholdersFor(values))
      .returning({ id: glAcessoEvento.id })
      .prepare(name),
  ).execute(paramsFor(values));
  if (!row) throw new Error('event insert returned no row');
  return { id: row.id, token };
}

/**
 * The event whose token matches, with its session still alive, or null (the caller says nothing
 * more, §3). Whether it may still confirm a login is `usableForLogin`.
 */
export async function findLiveEvent(
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
      gl_sessao_id: glAcessoEvento.gl_sessao_id,
      datahora_expira: glAcessoEvento.datahora_expira,
      datahora_usado: glAcessoEvento.datahora_usado,
    })
    .from(glAcessoEvento)
    .innerJoin(glSessao, eq(glSessao.id, glAcessoEvento.gl_sessao_id))
    .where(and(eq(glAcessoEvento.id, ref.id), sql`${glSessao.datahora_expira} > ${now.toISOString()}::timestamptz`));
  if (!event || !safeEqual(event.token_hash, hashToken(ref.token))) return null;
  return {
    ...event,
    usableForLogin: event.datahora_usado === null && event.datahora_expira > now,
  };
}

/**
 * Uses an event up as a login confirmation: of concurrent confirmations exactly one gets true
 * (the conditional update decides).
 */
export async function consumeEventForLogin(db: Queryable, eventId: number, now = new Date()): Promise<boolean> {
  const used = await db
    .update(glAcessoEvento)
    .set({ datahora_usado: now })
    .where(
      and(
        eq(glAcessoEvento.id, eventId),
        isNull(glAcessoEvento.datahora_usado),
        sql`${glAcessoEvento.datahora_expira} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: glAcessoEvento.id });
  return used.length === 1;
}

// ---------------------------------------------------------------------------------------------
// Login info (§3), the answer of login, evento_getInfo and the account flows (decisions 017, 018)

type ClientLinks = Awaited<ReturnType<typeof listClientLinks>>;

/**
 * What the request already read before it asks for the login info, not read again (a sign-in
 * made 20 statements besides its password check; issue 15).
 */
export interface KnownLoginParts {
  /** The person of `usuarioId`, as the credentials' check read them. */
  user?: LoginInfoUser;
  /** The product of `produtoId`, found active. */
  produto?: ActiveProduct;
  /** The user's client links (listClientLinks). */
  links?: ClientLinks;
}

/**
 * §4: the client is chosen for the user when there is exactly one to choose; with the links it
 * chose from, which the login info lists.
 */
export async function autoSelectClient(
  db: Queryable,
  usuarioId: number,
): Promise<{ clienteId: number | null; links: ClientLinks }> {
  const links = await listClientLinks(db, usuarioId);
  return { clienteId: links.length === 1 && links[0] ? links[0].cliente_id : null, links };
}

/**
 * What every way in answers (§3 login info): an access event of this kind for the person's
 * session, and the login info that carries it. Used by the login, the sign-up, the account
 * selection, the password creation and the passkey sign-in, so each issues its event the same way.
 */
export async function issueLoginInfo(
  db: Queryable,
  input: Omit<AccessEventInput, 'sessaoId'> & {
    session: { id: string; token: string };
    publicUrl: string;
    known?: KnownLoginParts;
  },
): Promise<LoginInfo> {
  const event = await createAccessEvent(db, {
    tipo: input.tipo,
    usuarioId: input.usuarioId,
    produtoId: input.produtoId,
    clienteId: input.clienteId,
    sessaoId: input.session.id,
  });
  return buildLoginInfo(db, { ...input, event });
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
    known?: KnownLoginParts;
  },
  now = new Date(),
): Promise<LoginInfo> {
  const known = input.known;
  const user: LoginInfoUser | null =
    known?.user?.id === input.usuarioId ? known.user : await findUserById(db, input.usuarioId);
  if (!user?.ativo) throw unauthorized();
  const produto =
    known?.produto?.id === input.produtoId
      ? known.produto
      : await findActiveProduct(db, input.produtoId, input.publicUrl);
  if (!produto) throw productNotFound();

  const links = known?.links ?? (await listClientLinks(db, user.id));
  const link = links.find((candidate) => candidate.cliente_id === input.clienteId);
  // Staff may select a client they are not linked to (§6): read it then.
  const cliente = link
    ? { id: link.cliente_id, razao_social: link.razao_social, nome_fantasia: link.nome_fantasia, cpfcnpj: link.cpfcnpj }
    : input.clienteId === null
      ? null
      : await findClient(db, input.clienteId);
  const found = cliente ? await findActiveContractWithOpenChange(db, cliente.id, produto.id) : null;
  const contract = found?.contract ?? null;
  const pending = found?.pending ?? null;

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
    clienteUsuario_nivel: link?.nivel ?? null,
    contrato_evento_aberto: pending,
    // The password comes first (§4); the activation offer waits for the next sign-in.
    // A passkey is a second factor too (decisions 070-072): its owner is not offered TOTP.
    twofa_shouldAskCreate:
      !user.senha_revalidar &&
      shouldAskCreate(user, now) &&
      !(user.tem_chave_acesso ?? (await hasPasskey(db, user.id))),
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
