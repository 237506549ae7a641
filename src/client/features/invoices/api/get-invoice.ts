import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FaturaDetalheDto } from '#shared/schemas/invoices';
import { ApiError, apiGet } from '#client/lib/api-client';
import { invoicesPath } from './get-invoices';

/** §7 GET /api/pg_fatura/cliente/{token}/{id}: the invoice with its items; null when gone (404). */
async function getInvoice(
  token: string,
  id: number,
  signal?: AbortSignal,
): Promise<FaturaDetalheDto | null> {
  try {
    return await apiGet<FaturaDetalheDto>(`${invoicesPath(token)}/${id}`, signal ? { signal } : {});
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 404) return null;
    throw error;
  }
}

const invoiceQueryOptions = (token: string, id: number) =>
  queryOptions({
    queryKey: ['pg_fatura', token, id],
    queryFn: ({ signal }) => getInvoice(token, id, signal),
  });

/** Fetched only when a row is opened (the list never loads items). */
export function useInvoice(token: string, id: number | null) {
  return useQuery({ ...invoiceQueryOptions(token, id ?? 0), enabled: id !== null });
}
