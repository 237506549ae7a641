import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwofaRecoveryKeysResponse } from '#shared/schemas/twofa';
import { apiPost } from '#client/lib/api-client';
import { twofaStatusQuery } from './get-twofa-status';

/** §7 POST /api/gl_usuario/twofaGenerateRecoveryKeys; the earlier keys stop working (§4). */
function generateRecoveryKeys(): Promise<TwofaRecoveryKeysResponse> {
  return apiPost<TwofaRecoveryKeysResponse>('/api/gl_usuario/twofaGenerateRecoveryKeys', {});
}

export function useGenerateRecoveryKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateRecoveryKeys,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: twofaStatusQuery.queryKey });
    },
  });
}
