import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginInfo } from '#shared/schemas/auth';
import type { InvitationSignUpRequest, InvitationViewDto } from '#shared/schemas/people';
import { ApiError, apiGet, apiRequest } from '#client/lib/api-client';

/** An invitation's e-mailed link (issue 41 item 3): what it offers, and its two ways in. */

const invitationKey = (token: string) => ['convite', token] as const;
const base = (token: string) => `/api/convite/${encodeURIComponent(token)}`;

/** A link unknown, used, cancelled or expired: the page says so itself (one message for all). */
const isInvalidLink = (error: unknown) => error instanceof ApiError && error.httpStatus === 404;

async function getInvitation(
  token: string,
  signal: AbortSignal,
): Promise<InvitationViewDto | null> {
  try {
    return await apiGet<InvitationViewDto>(base(token), { signal });
  } catch (error) {
    if (isInvalidLink(error)) return null;
    throw error;
  }
}

/** GET /api/convite/{token}: the invitation, or null when the link is no longer valid. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: invitationKey(token),
    queryFn: ({ signal }) => getInvitation(token, signal),
    // The token opens an account: its answer stays only while the page is open.
    gcTime: 0,
  });
}

/**
 * A refusal that changes what the page should offer (the link used meanwhile, another e-mail
 * signed in, an account created for the e-mail meanwhile): the notice says it (§8) and the
 * invitation is read again, so the page shows the way that is left.
 */
function useRereadOnRefusal(token: string) {
  const queryClient = useQueryClient();
  return (error: unknown) => {
    if (error instanceof ApiError && [403, 404, 409].includes(error.httpStatus ?? 0)) {
      void queryClient.invalidateQueries({ queryKey: invitationKey(token) });
    }
  };
}

/** POST /api/convite/{token}/aceitar: signed in with the invited e-mail; the session moves to the account. */
export function useAcceptInvitation(token: string) {
  const reread = useRereadOnRefusal(token);
  return useMutation({
    mutationFn: () => apiRequest<LoginInfo>('POST', `${base(token)}/aceitar`, {}),
    onError: reread,
  });
}

/** POST /api/convite/{token}/conta_criar: a new person's account, signed in into the invited account. */
export function useInvitationSignUp(token: string) {
  const reread = useRereadOnRefusal(token);
  return useMutation({
    mutationFn: (payload: InvitationSignUpRequest) =>
      apiRequest<LoginInfo>('POST', `${base(token)}/conta_criar`, payload),
    meta: { fieldErrors: 'form' },
    onError: reread,
  });
}
