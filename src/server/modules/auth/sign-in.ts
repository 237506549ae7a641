import { TWOFA_CODE_INVALID_MESSAGE, TWOFA_CODE_REQUIRED_MESSAGE } from '#shared/fields';
import { ACESSO_MESSAGES } from '#shared/schemas/auth';
import type { CookieToSet } from '../../platform/http/cookies.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { signInOutcomes } from '../../platform/observability/metrics.ts';
import { ADDRESS_POLICY, addressKey, recordFailure } from '../../platform/throttle/throttle.ts';
import {
  BROWSER_COOKIE,
  recordRefusedSignIn,
  recordSignIn,
  type RefusedSignIn,
  type SuccessfulSignIn,
} from '../security/index.ts';
import {
  DEVICE_COOKIE,
  isTrustedDevice,
  trustDevice,
  trustedDeviceCookie,
  unusedRecoveryKeys,
  verifySecondFactor,
  type SecondFactor,
} from '../twofa/index.ts';
import type { SignInDeps } from './deps.ts';
import type { LoginInfoUser } from './login-info.ts';
import { applyThrottle, checkCredentials, type PasswordOutcome } from './password-check.ts';
import { findUserByEmail } from './queries.ts';

/**
 * The sign-in's pipeline (docs/architecture.md, Service): each step a function of plain input
 * and output, called in one direction by the route, which alone reads the request and writes the
 * reply:
 *
 *   findAccount → applyThrottle → checkCredentials → acceptCredentials
 *     → secondFactorOrTrustedDevice            (authenticate runs these five)
 *   → openSession → recordHistoryAndAlerts     (openSignedInSession runs these two)
 *   → issueLoginInfo                           (login-info.ts)
 *
 * It calls twofa (a code, a trusted device) and security (the history and alert) through their
 * index.ts; neither calls back.
 */

/** What a sign-in reads off its request, copied by the route: no Fastify object goes further. */
export interface SignInClient {
  ip: string;
  userAgent: string | undefined;
  /** The cookies the browser sent; the steps read their own (the trusted device, the browser). */
  cookies: Readonly<Record<string, string | undefined>>;
}

const codeRequired = () => fieldError('twofaCode', TWOFA_CODE_REQUIRED_MESSAGE, 'twofa_required');
const codeInvalid = () => fieldError('twofaCode', TWOFA_CODE_INVALID_MESSAGE, 'twofa_invalid_code');

// ---------------------------------------------------------------------------------------------
// Step 1: the account the e-mail names, and whether this browser is one of its trusted devices

type SignInUser = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;

interface Account {
  /** The person of the e-mail, password hash included; null for an unknown e-mail. */
  user: SignInUser | null;
  /** The browser holds an unexpired trusted-device cookie of that person (§9). */
  trustedDevice: boolean;
}

async function findAccount(
  deps: SignInDeps,
  input: { email: string; deviceCookie: string | undefined },
  now: Date,
): Promise<Account> {
  const user = await findUserByEmail(deps.db, input.email);
  const trustedDevice = user ? await isTrustedDevice(deps.twofa, user.id, input.deviceCookie, now) : false;
  return { user, trustedDevice };
}

// Steps 2 and 3, applyThrottle and checkCredentials: password-check.ts (shared with the step-up).

// ---------------------------------------------------------------------------------------------
// Step 4: the password's outcome becomes a refusal, or the person proven by it

interface ProvenPassword {
  /** The person as read for the credentials (no password hash): the login info's user. */
  user: LoginInfoUser;
  twofaOn: boolean;
}

/**
 * Every refusal of the password is the same `invalid()` error; a known account's refusals go to
 * its sign-in history (decision 071). A temporary password works for 48 hours (decision 017);
 * only a reset replaces it then.
 */
async function acceptCredentials(
  deps: SignInDeps,
  input: {
    account: Account;
    outcome: PasswordOutcome;
    client: SignInClient;
    invalid: () => AppError;
  },
  now: Date,
): Promise<ProvenPassword> {
  const { user } = input.account;
  const password = input.outcome;
  if (password !== 'ok') signInOutcomes.inc({ outcome: password === 'blocked' ? 'throttled' : 'wrong_password' });
  if (user && password !== 'ok') {
    await refused(deps, input.client, user.id, password === 'blocked' ? 'bloqueado' : 'senha_incorreta', now);
  }
  if (!user || password !== 'ok') throw input.invalid();
  if (user.senha_temporaria_expira && user.senha_temporaria_expira <= now) {
    throw new AppError(401, ACESSO_MESSAGES.temporaryPasswordExpired, 'temporary_password_expired');
  }
  const { senha_hash: _hash, senha_temporaria_expira: _expiry, ...person } = user;
  return { user: person, twofaOn: user.twofa_ativo };
}

function refused(deps: SignInDeps, client: SignInClient, usuarioId: number, tipo: RefusedSignIn, now: Date) {
  return recordRefusedSignIn(deps.db, { usuarioId, tipo, ip: client.ip, userAgent: client.userAgent }, now);
}

// ---------------------------------------------------------------------------------------------
// Step 5: the second factor, unless 2FA is off or the device is trusted

interface SecondStep {
  /** What the second step took; null when 2FA is off or the device is trusted. */
  secondFactor: SecondFactor | null;
  /** Unused recovery keys left, when one was used now. */
  recoveryKeysLeft: number | null;
  /** The cookie naming a device trusted now, for the route to set. */
  deviceCookie: CookieToSet | null;
  /**
   * Every factor the step-up would ask was checked (the password where 2FA is off, a code or
   * recovery key where it is on): the session may start "freshly proven" (decision 011).
   */
  reauthenticated: boolean;
}

/**
 * A TOTP code or a recovery key (§4) when the person has 2FA on and the browser is not one of
 * their trusted devices; codes are throttled per user (decision 010), and a wrong one is also
 * counted per address: one machine trying codes of many accounts.
 */
async function secondFactorOrTrustedDevice(
  deps: SignInDeps,
  input: {
    usuarioId: number;
    twofaOn: boolean;
    trustedDevice: boolean;
    /** A TOTP code or a recovery key. */
    code: string | null | undefined;
    /** Set when the person asked to trust this device (§2 Login): its name. */
    trustName: string | null;
    client: SignInClient;
  },
  now: Date,
): Promise<SecondStep> {
  const result: SecondStep = {
    secondFactor: null,
    recoveryKeysLeft: null,
    deviceCookie: null,
    reauthenticated: !input.twofaOn,
  };
  if (!input.twofaOn || input.trustedDevice) {
    signInOutcomes.inc({ outcome: 'success' });
    return result;
  }

  const code = input.code?.trim();
  if (!code) {
    signInOutcomes.inc({ outcome: 'twofa_required' });
    throw codeRequired();
  }
  const factor = await verifySecondFactor(deps.twofa, input.usuarioId, code, now);
  if (!factor) {
    signInOutcomes.inc({ outcome: 'twofa_failed' });
    await recordFailure(deps.db, addressKey(input.client.ip), ADDRESS_POLICY, now);
    await refused(deps, input.client, input.usuarioId, 'codigo_incorreto', now);
    throw codeInvalid();
  }
  signInOutcomes.inc({ outcome: 'success' });
  result.secondFactor = factor;
  result.reauthenticated = true;
  if (factor === 'recovery_key') result.recoveryKeysLeft = await unusedRecoveryKeys(deps.db, input.usuarioId);
  if (input.trustName) {
    const value = await trustDevice(
      deps.twofa,
      { usuarioId: input.usuarioId, nome: input.trustName, ip: input.client.ip },
      now,
    );
    result.deviceCookie = trustedDeviceCookie(value, deps.twofa.secureCookies);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Steps 1-5 together: who the person is

export interface Credentials {
  email: string;
  password: string;
  /** The refusal of a wrong password, as the route's form shows it. */
  invalid: () => AppError;
  /** A TOTP code or a recovery key. */
  code: string | null | undefined;
  /** Set when the person asked to trust this device (§2 Login): its name. */
  trustName: string | null;
}

export interface Authentication extends Omit<SecondStep, 'deviceCookie'> {
  usuarioId: number;
  /** The person as read for the credentials (no password hash): the login info's user. */
  user: LoginInfoUser;
  /** The cookies to set on the answer: a device trusted now. */
  cookies: CookieToSet[];
}

/**
 * Checks an e-mail and password, then the second factor when the user has 2FA on and the device
 * is not trusted. Nothing is written by the caller before this returns, so a password alone never
 * acts for a 2FA user.
 */
export async function authenticate(
  deps: SignInDeps,
  client: SignInClient,
  credentials: Credentials,
  now = new Date(),
): Promise<Authentication> {
  const account = await findAccount(deps, { email: credentials.email, deviceCookie: client.cookies[DEVICE_COOKIE] }, now);
  const gate = await applyThrottle(
    deps.db,
    { email: credentials.email, ip: client.ip, trustedDevice: account.trustedDevice },
    now,
  );
  const outcome = await checkCredentials(
    deps.db,
    gate,
    { email: credentials.email, ip: client.ip, password: credentials.password, user: account.user },
    now,
  );
  const proven = await acceptCredentials(deps, { account, outcome, client, invalid: credentials.invalid }, now);
  const { deviceCookie, ...second } = await secondFactorOrTrustedDevice(
    deps,
    {
      usuarioId: proven.user.id,
      twofaOn: proven.twofaOn,
      trustedDevice: account.trustedDevice,
      code: credentials.code,
      trustName: credentials.trustName,
      client,
    },
    now,
  );
  return { usuarioId: proven.user.id, user: proven.user, cookies: deviceCookie ? [deviceCookie] : [], ...second };
}

// ---------------------------------------------------------------------------------------------
// Steps 6 and 7: the session, then the history and the new-browser alert

/** The request's session handle (platform/session): starting one sets its cookies itself. */
export interface SessionStarter {
  start(context: {
    usuarioId: number;
    clienteId: number | null;
    produtoId: number;
    reauthenticated: boolean;
  }): Promise<SessionCredentials>;
}

/** Id and handoff token of a session, as the login info carries them. */
interface SessionCredentials {
  id: string;
  token: string;
}

export interface OpenSessionInput {
  usuarioId: number;
  produtoId: number;
  clienteId: number | null;
  /** The sign-in asked every factor the step-up would ask (decision 011). */
  reauthenticated: boolean;
}

/** A new session (a new id and CSRF token: no fixation, decision 002). */
function openSession(sessions: SessionStarter, input: OpenSessionInput): Promise<SessionCredentials> {
  const { usuarioId, clienteId, produtoId, reauthenticated } = input;
  return sessions.start({ usuarioId, clienteId, produtoId, reauthenticated });
}

/** The sign-in history row and new-browser alert (decision 071); answers the browser cookie. */
async function recordHistoryAndAlerts(
  deps: SignInDeps,
  input: { usuarioId: number; tipo: SuccessfulSignIn; client: SignInClient },
  now = new Date(),
): Promise<{ browserCookie: CookieToSet }> {
  return recordSignIn(
    deps.history,
    {
      usuarioId: input.usuarioId,
      tipo: input.tipo,
      ip: input.client.ip,
      userAgent: input.client.userAgent,
      browserCookie: input.client.cookies[BROWSER_COOKIE],
    },
    now,
  );
}

export interface SignedInSession {
  session: SessionCredentials;
  /** The cookies the route sets on its answer (the known browser's). */
  cookies: CookieToSet[];
}

/**
 * The end of every sign-in that proved who the person is (the login, the event login, the
 * sign-up of a known e-mail, an invitation, a passkey): steps 6 and 7. The route then sets the
 * cookies, marks the answer uncacheable (it carries the session's tokens) and, but for the event
 * login, answers issueLoginInfo.
 */
export async function openSignedInSession(
  deps: SignInDeps,
  sessions: SessionStarter,
  client: SignInClient,
  input: OpenSessionInput & {
    /** How the history names it. */
    historyType: SuccessfulSignIn;
  },
): Promise<SignedInSession> {
  const session = await openSession(sessions, input);
  const { browserCookie } = await recordHistoryAndAlerts(deps, {
    usuarioId: input.usuarioId,
    tipo: input.historyType,
    client,
  });
  return { session, cookies: [browserCookie] };
}
