import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwofaRecoveryKeysResponse } from '#shared/schemas/twofa';
import { apiPost } from '#client/lib/api-client';
import { notify } from '#client/lib/notices';
import { TWOFA_TEXTS } from '../texts';
import { twofaStatusQuery } from './get-twofa-status';

/** §7 POST /api/gl_usuario/twofaActivateTwoFactorAuth: on with the validated secret. */
function activateTwofa(payload: { secret: string }): Promise<TwofaRecoveryKeysResponse> {
  return apiPost<TwofaRecoveryKeysResponse>('/api/gl_usuario/twofaActivateTwoFactorAuth', payload);
}

export function useActivateTwofa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateTwofa,
    onSuccess: async () => {
      notify('success', TWOFA_TEXTS.activated);
      await queryClient.invalidateQueries({ queryKey: twofaStatusQuery.queryKey });
    },
  });
}
