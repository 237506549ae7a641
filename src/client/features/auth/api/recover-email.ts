import { useMutation } from '@tanstack/react-query';
import type { RecoverEmailRequest } from '#shared/schemas/account';
import { apiPost } from '#client/lib/api-client';

const RECOVER_EMAIL_PATH = '/api/acesso/recuperar_email';

/**
 * §7 POST api/acesso/recuperar_email: {email, recaptcha}. The answer is the same whether or not
 * the address has an account, so nothing in it is read.
 */
async function recoverEmail(payload: RecoverEmailRequest): Promise<void> {
  await apiPost<unknown>(RECOVER_EMAIL_PATH, { email: payload.email, recaptcha: payload.recaptcha });
}

export function useRecoverEmail() {
  return useMutation({ mutationFn: recoverEmail, meta: { fieldErrors: 'form' } });
}
