import { useMutation } from '@tanstack/react-query';
import type { TwofaValidateCodeRequest, TwofaValidateCodeResponse } from '#shared/schemas/twofa';
import { apiPost } from '#client/lib/api-client';

/** §7 POST /api/gl_usuario/twofaValidateCodeRequest: does the app's code match the secret? */
function validateCode(
  payload: TwofaValidateCodeRequest,
): Promise<TwofaValidateCodeResponse> {
  return apiPost<TwofaValidateCodeResponse>('/api/gl_usuario/twofaValidateCodeRequest', payload);
}

export function useValidateCode() {
  return useMutation({ mutationFn: validateCode, meta: { fieldErrors: 'form' } });
}
