import { TWOFA_CODE_INVALID_MESSAGE, TWOFA_CODE_REQUIRED_MESSAGE } from '#shared/fields';
import { ACESSO_MESSAGES } from '#shared/schemas/auth';
import { fieldError, unauthorized } from '../../platform/errors.ts';
import { verifySecondFactor } from '../twofa/index.ts';
import type { SignInDeps } from './deps.ts';
import { checkPassword } from './password-check.ts';
import { findUserById } from './queries.ts';

type ProofInput = { usuarioId: number; ip: string; senha?: string | null | undefined; code?: string | null | undefined };
type ProvingUser = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** The 2FA code or recovery key of a proof, as a field error of its form when missing or wrong. */
async function proveSecondFactor(deps: SignInDeps, user: ProvingUser, input: ProofInput, now: Date): Promise<void> {
  const code = input.code?.trim();
  if (!code) throw fieldError('code', TWOFA_CODE_REQUIRED_MESSAGE, 'twofa_required');
  if (!(await verifySecondFactor(deps.twofa, user.id, code, now))) {
    throw fieldError('code', TWOFA_CODE_INVALID_MESSAGE, 'twofa_invalid_code');
  }
}

/** The password of a proof, checked under the sign-in's throttle (decision 010). */
async function provePassword(deps: SignInDeps, user: ProvingUser, input: ProofInput, now: Date): Promise<void> {
  if (!input.senha) throw fieldError('senha', ACESSO_MESSAGES.passwordRequired, 'password_required');
  const outcome = await checkPassword(
    deps.db,
    { email: user.email, password: input.senha, ip: input.ip, user, trustedDevice: false },
    now,
  );
  if (outcome !== 'ok') throw fieldError('senha', ACESSO_MESSAGES.invalidPassword, 'invalid_credentials');
}

async function provingUser(deps: SignInDeps, usuarioId: number): Promise<ProvingUser> {
  const user = await findUserById(deps.db, usuarioId);
  if (!user?.ativo) throw unauthorized();
  return user;
}

/**
 * The step-up (docs/decisions/011-two-factor.md): the signed-in user proves it is them again,
 * with a code or recovery key where 2FA is on, with the password where it is off. Throttled like
 * the sign-in; a refusal is a field error of the dialog.
 */
export async function reauthenticate(deps: SignInDeps, input: ProofInput, now = new Date()): Promise<void> {
  const user = await provingUser(deps, input.usuarioId);
  if (user.twofa_ativo) await proveSecondFactor(deps, user, input, now);
  else await provePassword(deps, user, input, now);
}

/**
 * The password and, with 2FA on, the code: what deleting the account asks (issue 19), more than
 * the step-up, as it cannot be undone.
 */
export async function confirmPasswordAndSecondFactor(deps: SignInDeps, input: ProofInput, now = new Date()): Promise<void> {
  const user = await provingUser(deps, input.usuarioId);
  await provePassword(deps, user, input, now);
  if (user.twofa_ativo) await proveSecondFactor(deps, user, input, now);
}
