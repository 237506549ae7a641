import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { MESSAGES } from '#shared/messages';
import { handleApiError, isFieldErrorResponse, isNoConnection } from './api-client';
import { dismissNotices } from './notices';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** The query handles its own failures (no §8 notice), e.g. an optional lookup. */
      silentErrors?: boolean;
    };
    mutationMeta: {
      /** 'form': a 422 with errors per field is shown by the form (`applyFieldErrors`). */
      fieldErrors?: 'form';
      silentErrors?: boolean;
    };
  }
}

/**
 * Every failed query and mutation goes through `handleApiError` (§8), so screens never parse
 * errors. A failure with an answer is shown at once and the person decides (refresh buttons, §1);
 * only a read that got no answer at all is asked again, by itself, once the server answers
 * (connection.ts pauses the queries meanwhile). Writes are never repeated for the person: a
 * mutation is sent even while the connection is known to be down, fails at once, and the form
 * keeps what was typed (issue 38 item 2, decision 107).
 */
/** The pause before a read is asked again; while the server is away it waits for it too. */
const NO_CONNECTION_RETRY_DELAY_MS = 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silentErrors) return;
        handleApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      // An action that succeeded makes the failures shown before it obsolete: a wrong password's
      // danger notice must not follow the person onto the next page. This
      // runs before the screen's own onSuccess, so what that one shows stays; warnings carried
      // by the successful answer itself stay too.
      onSuccess: () => {
        dismissNotices((notice) => notice.level === 'danger' || notice.text === MESSAGES.serviceUnavailable);
      },
      onError: (error, _variables, _onMutateResult, mutation) => {
        if (mutation.meta?.silentErrors) return;
        if (mutation.meta?.fieldErrors === 'form' && isFieldErrorResponse(error)) return;
        handleApiError(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (_failureCount, error) => isNoConnection(error),
        retryDelay: NO_CONNECTION_RETRY_DELAY_MS,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** The app's client. `setSession` (session.tsx) writes to it from outside React. */
export const queryClient = createQueryClient();
