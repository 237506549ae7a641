import { useMutation } from '@tanstack/react-query';
import type { TwofaCheckRequest, TwofaCheckResponse } from '#shared/schemas/auth';
import { apiPost } from '#client/lib/api-client';

/** §7 POST /api/gl_usuario/twofa/twofaCheckUsuario: does this e-mail need a 2FA code here? */
function checkTwofa(payload: TwofaCheckRequest): Promise<TwofaCheckResponse> {
  return apiPost<TwofaCheckResponse>('/api/gl_usuario/twofa/twofaCheckUsuario', payload);
}

/**
 * Silent: a failed check (an e-mail the server finds invalid, a network hiccup) only means the
 * code field does not show yet; the login itself says what is wrong, and the server asks for
 * the code when it is needed (422 errors.twofaCode).
 */
export function useCheckTwofa() {
  return useMutation({ mutationFn: checkTwofa, meta: { silentErrors: true } });
}
