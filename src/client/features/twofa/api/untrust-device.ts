import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwofaStatusResponse } from '#shared/schemas/twofa';
import { apiPost } from '#client/lib/api-client';
import { twofaStatusQuery } from './get-twofa-status';

/** §7 POST /api/gl_usuario/{id}/twofaUntrustInDevice: answers the new 2FA status. */
function untrustDevice(deviceId: number): Promise<TwofaStatusResponse> {
  return apiPost<TwofaStatusResponse>(`/api/gl_usuario/${deviceId}/twofaUntrustInDevice`, {});
}

export function useUntrustDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: untrustDevice,
    onSuccess: (status) => queryClient.setQueryData(twofaStatusQuery.queryKey, status),
  });
}
