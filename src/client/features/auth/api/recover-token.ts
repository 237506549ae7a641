import { useMutation, useQuery } from '@tanstack/react-query';
import type { RecoverTokenRequest } from '#shared/schemas/account';
import { ApiError, apiPost } from '#client/lib/api-client';

const RECOVER_TOKEN_PATH = '/api/acesso/recuperar_token';
const RECOVER_TOKEN_CHECK_PATH = '/api/acesso/recuperar_token/verificar';

/**
 * Whether the e-mailed link can still set a password (docs/decisions/050): false for the 404 of
 * an unknown, used or expired link; other failures go to the §8 handler.
 */
async function checkResetLink(token: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await apiPost<unknown>(RECOVER_TOKEN_CHECK_PATH, { token }, { signal });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 404) return false;
    throw error;
  }
}

/** Asked when the reset page opens; not kept once the page is left, so a revisit asks again. */
export function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: ['recuperar_token', 'verificar', token],
    queryFn: ({ signal }) => checkResetLink(token, signal),
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** §7 POST api/acesso/recuperar_token: {senha, token}; response not read. */
/** The answer's data is the account's e-mail, for the login the page goes to. */
async function recoverToken(payload: RecoverTokenRequest): Promise<{ email: string }> {
  return apiPost<{ email: string }>(RECOVER_TOKEN_PATH, { senha: payload.senha, token: payload.token });
}

/**
 * The screen shows its own failures: a link that is invalid, used or expired (404) says so in
 * the page, with the way to ask for a new one; the rest goes to the §8 handler.
 */
export function useRecoverToken() {
  return useMutation({ mutationFn: recoverToken, meta: { silentErrors: true } });
}
