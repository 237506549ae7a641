import { useMutation } from '@tanstack/react-query';
import type { EventLoginRequest, EventLoginResponse } from '#shared/schemas/auth';
import { apiPost } from '#client/lib/api-client';

/** §7 POST acesso/login_evento: the password confirmed for an event; data.to is where to go. */
function loginEvent(payload: EventLoginRequest): Promise<EventLoginResponse> {
  return apiPost<EventLoginResponse>('/api/acesso/login_evento', payload);
}

export function useLoginEvent() {
  return useMutation({ mutationFn: loginEvent, meta: { fieldErrors: 'form' } });
}
