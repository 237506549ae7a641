import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ConsentResponse, InteractionInfo } from '#shared/schemas/applications';
import { apiGet, apiPost } from '#client/lib/api-client';

const interactionPath = (uid: string) => `/api/oidc/interacao/${encodeURIComponent(uid)}`;

/**
 * GET /api/oidc/interacao/{uid} (decision 097): the application asking this sign-in and the
 * scopes it asks. Anonymous: the login screen names the application before anyone signs in.
 */
const interactionInfoQuery = (uid: string) =>
  queryOptions({
    queryKey: ['oidc', 'interacao', uid] as const,
    queryFn: ({ signal }) => apiGet<InteractionInfo>(interactionPath(uid), { signal }),
    staleTime: Infinity,
    retry: false,
  });

/**
 * Silent: the login screen only adds a line when it works, and the consent screen says itself
 * what went wrong.
 */
export function useInteractionInfo(uid: string | null) {
  return useQuery({
    ...interactionInfoQuery(uid ?? ''),
    enabled: uid !== null,
    meta: { silentErrors: true },
  });
}

/** POST /api/oidc/interacao/{uid}/consentimento: 'Permitir' on the consent screen. */
export function useAllowApplication() {
  return useMutation({
    mutationFn: (uid: string) => apiPost<ConsentResponse>(`${interactionPath(uid)}/consentimento`),
  });
}
