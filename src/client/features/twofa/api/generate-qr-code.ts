import { useMutation } from '@tanstack/react-query';
import type { TwofaQrCodeResponse } from '#shared/schemas/twofa';
import { apiPost } from '#client/lib/api-client';

/** §7 POST /api/gl_usuario/twofaGenerateQrCode: a new secret and its QR code. */
function generateQrCode(): Promise<TwofaQrCodeResponse> {
  return apiPost<TwofaQrCodeResponse>('/api/gl_usuario/twofaGenerateQrCode', {});
}

export function useGenerateQrCode() {
  return useMutation({ mutationFn: generateQrCode });
}
