import { useMutation } from '@tanstack/react-query';
import type { LoginInfo } from '#shared/schemas/auth';
import type { CreatePasswordRequest } from '#shared/schemas/account';
import { apiPost } from '#client/lib/api-client';

const CREATE_PASSWORD_PATH = '/api/acesso/conta_criar_senha';

/** §7 POST /api/acesso/conta_criar_senha: {senha} only; data is the login info. */
function createPassword(payload: CreatePasswordRequest): Promise<LoginInfo> {
  return apiPost<LoginInfo>(CREATE_PASSWORD_PATH, { senha: payload.senha });
}

export function useCreatePassword() {
  return useMutation({ mutationFn: createPassword, meta: { fieldErrors: 'form' } });
}
