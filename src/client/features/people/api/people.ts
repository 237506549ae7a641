import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '#shared/envelope';
import {
  PEOPLE_MESSAGES,
  type InvitationRequest,
  type PeopleDto,
  type PersonDto,
} from '#shared/schemas/people';
import { ApiError, apiGet, apiRequest } from '#client/lib/api-client';
import { notify } from '#client/lib/notices';

/**
 * 'Pessoas da conta' (issue 41 item 3): who belongs to the session's client and at which level,
 * and the pending invitations. Every change answers the whole list again (PeopleDto), which
 * replaces the one on screen.
 */

const peopleKey = (clienteId: number) => ['gl_cliente', clienteId, 'pessoas'] as const;
const base = (clienteId: number) => `/api/gl_cliente/${clienteId}`;

/**
 * What the page shows: the list, or why the person may not see it (§6 account users get 403 and
 * the server's words; an answer of the page, not a failure to announce).
 */
type PeopleAnswer = { visible: true; people: PeopleDto } | { visible: false; message: string };

async function getPeople(clienteId: number, signal: AbortSignal): Promise<PeopleAnswer> {
  try {
    return shown(await apiGet<PeopleDto>(`${base(clienteId)}/pessoas`, { signal }));
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 403) {
      return { visible: false, message: error.message || PEOPLE_MESSAGES.peopleHidden };
    }
    throw error;
  }
}

const shown = (people: PeopleDto): PeopleAnswer => ({ visible: true, people });

/** GET /api/gl_cliente/{id}/pessoas. */
export function usePeople(clienteId: number | null) {
  return useQuery({
    queryKey: peopleKey(clienteId ?? 0),
    queryFn: ({ signal }) => getPeople(clienteId ?? 0, signal),
    enabled: clienteId !== null,
  });
}

/** The server's message as the notice, and its list in place of the one on screen. */
function usePeopleChange<T>(
  clienteId: number,
  mutationFn: (input: T) => Promise<Envelope<PeopleDto>>,
  form = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    ...(form ? { meta: { fieldErrors: 'form' as const } } : {}),
    onSuccess: (response) => {
      notify('success', response.message);
      queryClient.setQueryData(peopleKey(clienteId), shown(response.data));
    },
  });
}

/**
 * POST /api/gl_cliente/{id}/convites: 'Convite enviado para x.'; a 422 on email or nivel goes
 * under its field, the plan's user limit is a notice (§8).
 */
export function useInvite(clienteId: number) {
  return usePeopleChange(
    clienteId,
    (payload: InvitationRequest) =>
      apiRequest<PeopleDto>('POST', `${base(clienteId)}/convites`, payload),
    true,
  );
}

/** DELETE /api/gl_cliente/{id}/convites/{conviteId}: 'Convite cancelado.' */
export function useCancelInvitation(clienteId: number) {
  return usePeopleChange(clienteId, (conviteId: number) =>
    apiRequest<PeopleDto>('DELETE', `${base(clienteId)}/convites/${conviteId}`),
  );
}

/** PUT /api/gl_cliente/{id}/pessoas/{pessoaId}: a 409 keeps the last manager (a notice). */
export function useChangeLevel(clienteId: number) {
  return usePeopleChange(clienteId, ({ pessoaId, nivel }: { pessoaId: number; nivel: number }) =>
    apiRequest<PeopleDto>('PUT', `${base(clienteId)}/pessoas/${pessoaId}`, { nivel }),
  );
}

/**
 * DELETE /api/gl_cliente/{id}/pessoas/{pessoaId}. Removing oneself is leaving the account: the
 * answer has no list (data null) and `onLeft` takes the person elsewhere.
 */
export function useRemovePerson(clienteId: number, onLeft: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (person: PersonDto) =>
      apiRequest<PeopleDto | null>('DELETE', `${base(clienteId)}/pessoas/${person.id}`),
    onSuccess: (response, person) => {
      notify('success', response.message);
      if (person.eu || response.data === null) {
        onLeft();
        return;
      }
      queryClient.setQueryData(peopleKey(clienteId), shown(response.data));
    },
  });
}
