import { useMutation, useQuery } from '@tanstack/react-query';
import type { ContaSelecionarRequest, LoginInfo } from '#shared/schemas/auth';
import { apiPost } from '#client/lib/api-client';
import type { LoginEventRef } from '#client/lib/login-event';
import { fetchEventInfo } from '#client/lib/post-login';

const SELECT_ACCOUNT_PATH = '/api/acesso/conta_selecionar';

/** §7 POST /api/acesso/conta_selecionar: data is the login info (§3) with the chosen client. */
function selectAccount(payload: ContaSelecionarRequest): Promise<LoginInfo> {
  return apiPost<LoginInfo>(SELECT_ACCOUNT_PATH, payload);
}

/** The screen shows its own §8 text ('Erro ao alterar cliente: ...'), so no global notice. */
export function useSelectAccount() {
  return useMutation({ mutationFn: selectAccount, meta: { silentErrors: true } });
}

/** The remembered login event's info (POST /api/acesso/evento_getInfo): the client list. */
export function useLoginEventInfo(ref: LoginEventRef | null) {
  return useQuery({
    queryKey: ['acesso', 'evento_getInfo', ref?.evento_id ?? null, ref?.evento_token ?? null],
    queryFn: () => {
      if (!ref) throw new Error('no login event');
      return fetchEventInfo(ref);
    },
    enabled: ref !== null,
    // The event's token is a credential: keep its answer only while the screen is open.
    gcTime: 0,
  });
}
