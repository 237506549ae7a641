import { useMutation } from '@tanstack/react-query';
import type { RecoverTokenRequest } from '#shared/schemas/conta';
import { apiPost } from '../../../lib/api-client';

export const RECOVER_TOKEN_PATH = '/api/acesso/recuperar_token';

/** §7 POST api/acesso/recuperar_token: {senha, token}; response not read. */
export async function recoverToken(payload: RecoverTokenRequest): Promise<void> {
  await apiPost<unknown>(RECOVER_TOKEN_PATH, { senha: payload.senha, token: payload.token });
}

/**
 * The screen shows its own failures: a link that is invalid, used or expired (404) says so in
 * the page, with the way to ask for a new one; the rest goes to the §8 handler.
 */
export function useRecoverToken() {
  return useMutation({ mutationFn: recoverToken, meta: { silentErrors: true } });
}
