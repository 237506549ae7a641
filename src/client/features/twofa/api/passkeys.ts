import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { PasskeyListResponse } from '#shared/schemas/security';
import { apiGet, apiPost, apiRequest } from '#client/lib/api-client';
import { notify } from '#client/lib/notices';
import { createPasskey, isPasskeyCancelled } from '#client/lib/passkeys';
import { TWOFA_TEXTS } from '../texts';

const BASE = '/api/gl_usuario/me/chaves_acesso';

/** GET /api/gl_usuario/me/chaves_acesso: the person's passkeys ('Chaves de acesso'). */
const passkeysQuery = queryOptions({
  queryKey: ['twofa', 'chaves_acesso'] as const,
  queryFn: ({ signal }) => apiGet<PasskeyListResponse>(BASE, { signal }),
});

export function usePasskeys() {
  return useQuery(passkeysQuery);
}

function useListMutation<T>(call: (input: T) => ReturnType<typeof apiRequest<PasskeyListResponse>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { fieldErrors: 'form' },
    onSuccess: (response) => {
      notify('success', response.message);
      queryClient.setQueryData(passkeysQuery.queryKey, response.data);
    },
  });
}

/**
 * Registers a passkey: options from the server (the step-up may be asked first), the browser's
 * ceremony, then the answer with the person's name for it.
 */
export function useRegisterPasskey() {
  return useListMutation(async (nome: string) => {
    const options = await apiPost<PublicKeyCredentialCreationOptionsJSON>(`${BASE}/opcoes`);
    let resposta;
    try {
      resposta = await createPasskey(options);
    } catch (error) {
      // Closing the browser's dialog is no failure; anything else gets a word of explanation.
      if (!isPasskeyCancelled(error)) notify('danger', TWOFA_TEXTS.passkeyBrowserFailed);
      throw new DOMException(TWOFA_TEXTS.passkeyBrowserFailed, 'AbortError');
    }
    return apiRequest<PasskeyListResponse>('POST', BASE, { nome, resposta });
  });
}

export function useRenamePasskey() {
  return useListMutation(({ id, nome }: { id: number; nome: string }) =>
    apiRequest<PasskeyListResponse>('PUT', `${BASE}/${id}`, { nome }),
  );
}

/** Removal asks the step-up (the API client opens its dialog and repeats the call). */
export function useRemovePasskey() {
  return useListMutation((id: number) => apiRequest<PasskeyListResponse>('DELETE', `${BASE}/${id}`));
}
