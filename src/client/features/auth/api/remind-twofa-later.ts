import { useMutation } from '@tanstack/react-query';
import { apiPost } from '#client/lib/api-client';

/** §7 POST /api/gl_usuario/twofa/twofaActivateWhen: ask again in 30 days (§9). */
function remindTwofaLater(): Promise<unknown> {
  return apiPost<unknown>('/api/gl_usuario/twofa/twofaActivateWhen', {});
}

export function useRemindTwofaLater() {
  return useMutation({ mutationFn: remindTwofaLater });
}
