import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwofaDisableResponse, TwofaDisableRequestSchema } from '#shared/schemas/twofa';
import type { z } from 'zod';
import { apiPost } from '#client/lib/api-client';
import { notify } from '#client/lib/notices';
import { TWOFA_TEXTS } from '../texts';
import { twofaStatusQuery } from './get-twofa-status';

/** The shared contract exports the schema only; its input type, for the payload. */
type TwofaDisableRequest = z.input<typeof TwofaDisableRequestSchema>;

/** §7 POST /api/gl_usuario/twofaDisableTwoFactorAuth: off, with a code or a recovery key. */
function disableTwofa(payload: TwofaDisableRequest): Promise<TwofaDisableResponse> {
  return apiPost<TwofaDisableResponse>('/api/gl_usuario/twofaDisableTwoFactorAuth', payload);
}

export function useDisableTwofa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwofa,
    meta: { fieldErrors: 'form' },
    onSuccess: async () => {
      notify('success', TWOFA_TEXTS.disabled);
      await queryClient.invalidateQueries({ queryKey: twofaStatusQuery.queryKey });
    },
  });
}
