import { useMutation } from '@tanstack/react-query';
import type { SignUpRequest, SignUpResponse } from '#shared/schemas/account';
import { apiPost } from '#client/lib/api-client';

const CREATE_ACCOUNT_PATH = '/api/acesso/conta_criar';

/**
 * §7 POST /api/acesso/conta_criar: data says what happened (docs/decisions/017-sign-up.md): a
 * new account (a temporary password went by e-mail), senha_digitar (the e-mail has an account),
 * or the existing user's new client, with a session unless 2FA asks for the code.
 */
function createAccount(payload: SignUpRequest): Promise<SignUpResponse> {
  return apiPost<SignUpResponse>(CREATE_ACCOUNT_PATH, payload);
}

/** Errors per field (a wrong `senha`, a taken `cpfcnpj`, the captcha) go to the form. */
export function useCreateAccount() {
  return useMutation({ mutationFn: createAccount, meta: { fieldErrors: 'form' } });
}
