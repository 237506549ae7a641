import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecurityEventsResponse } from '#shared/schemas/security';
import { apiGet } from '#client/lib/api-client';

/** GET /api/gl_usuario/me/eventos_seguranca: 'Alterações de segurança', newest first (issue 34). */
export const securityEventsQuery = queryOptions({
  queryKey: ['seguranca', 'eventos'] as const,
  queryFn: ({ signal }) =>
    apiGet<SecurityEventsResponse>('/api/gl_usuario/me/eventos_seguranca', { signal }),
});

export function useSecurityEvents() {
  return useQuery(securityEventsQuery);
}
