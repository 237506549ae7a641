import { useMutation } from '@tanstack/react-query';
import type { LoginInfo, LoginRequest } from '#shared/schemas/auth';
import { apiPost } from '#client/lib/api-client';
import type { LoginIntent } from '#client/lib/post-login';

const LOGIN_PATH = '/api/acesso/login';

/** §7 POST /api/acesso/login. */
function login(payload: LoginRequest): Promise<LoginInfo> {
  return apiPost<LoginInfo>(LOGIN_PATH, payload);
}

/**
 * Field errors (captcha, 2FA code) go to the form; the rest (401 'E-mail ou senha inválidos.')
 * is a §8 danger notice. The intent rides along for the routing after success.
 */
export function useLogin() {
  return useMutation({
    mutationFn: ({ payload }: { payload: LoginRequest; intent: LoginIntent }) => login(payload),
    meta: { fieldErrors: 'form' },
  });
}
