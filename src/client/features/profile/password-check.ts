import { PASSWORD_MAX, PASSWORD_MIN } from '#shared/fields';
import { PROFILE_PASSWORD_MESSAGES } from '#shared/messages';

export interface PasswordChangeValues {
  senha_atual: string;
  senha_nova: string;
  senha_conf: string;
}

/** The outcome of the §5 checks: nothing to do, a message to show, or ready to send. */
export type PasswordCheck =
  | { kind: 'empty' }
  | { kind: 'invalid'; message: string; field: keyof PasswordChangeValues }
  | { kind: 'ok' };

/**
 * §5 Profile password change, in this order. 'empty' when all three fields are empty (no error,
 * no call), the first failing message otherwise, or 'ok' when the change may be sent.
 */
export function checkPasswordChange(values: PasswordChangeValues): PasswordCheck {
  const { senha_atual, senha_nova, senha_conf } = values;
  if (senha_atual === '' && senha_nova === '' && senha_conf === '') return { kind: 'empty' };
  const invalid = (field: keyof PasswordChangeValues, message: string): PasswordCheck => ({ kind: 'invalid', message, field });
  if (senha_atual === '') return invalid('senha_atual', PROFILE_PASSWORD_MESSAGES.currentBlank);
  if (senha_nova === '') return invalid('senha_nova', PROFILE_PASSWORD_MESSAGES.newBlank);
  if (senha_nova.length < PASSWORD_MIN || senha_nova.length > PASSWORD_MAX) {
    return invalid('senha_nova', PROFILE_PASSWORD_MESSAGES.length);
  }
  if (senha_conf === '') return invalid('senha_conf', PROFILE_PASSWORD_MESSAGES.confirmBlank);
  if (senha_conf !== senha_nova) return invalid('senha_conf', PROFILE_PASSWORD_MESSAGES.mismatch);
  return { kind: 'ok' };
}
