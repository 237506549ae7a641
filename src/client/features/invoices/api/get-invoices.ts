import { queryOptions, useQuery } from '@tanstack/react-query';
import { FATURA_TOKEN_PATTERN, type FaturaListDto } from '#shared/schemas/invoices';
import { ApiError, apiGet } from '#client/lib/api-client';

export const invoicesPath = (token: string) =>
  `/api/pg_fatura/cliente/${encodeURIComponent(token)}`;

/** The invoice as a PDF (issue 39), under the same token. */
export const invoicePdfPath = (token: string, faturaId: number) =>
  `${invoicesPath(token)}/${faturaId}/fatura.pdf`;

/**
 * §7 GET /api/pg_fatura/cliente/{token}. Null when the token names no client (the server's 404,
 * or a token that cannot be one): the screen says so itself rather than through a §8 notice.
 */
async function getInvoices(
  token: string,
  signal?: AbortSignal,
): Promise<FaturaListDto | null> {
  if (!FATURA_TOKEN_PATTERN.test(token)) return null;
  try {
    return await apiGet<FaturaListDto>(invoicesPath(token), signal ? { signal } : {});
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 404) return null;
    throw error;
  }
}

const invoicesQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['pg_fatura', token],
    queryFn: ({ signal }) => getInvoices(token, signal),
  });

export function useInvoices(token: string) {
  return useQuery(invoicesQueryOptions(token));
}
