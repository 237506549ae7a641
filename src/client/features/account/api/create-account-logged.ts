import { useMutation } from '@tanstack/react-query';
import type { LoginInfo } from '#shared/schemas/auth';
import type { SignUpLoggedRequest } from '#shared/schemas/account';
import { apiPost } from '#client/lib/api-client';

const CREATE_ACCOUNT_LOGGED_PATH = '/api/acesso/conta_criar_logado';

/** §7 POST /api/acesso/conta_criar_logado: data is the login info with the new client chosen. */
function createAccountLogged(payload: SignUpLoggedRequest): Promise<LoginInfo> {
  return apiPost<LoginInfo>(CREATE_ACCOUNT_LOGGED_PATH, payload);
}

export function useCreateAccountLogged() {
  return useMutation({ mutationFn: createAccountLogged, meta: { fieldErrors: 'form' } });
}
