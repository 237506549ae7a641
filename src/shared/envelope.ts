/**
 * The response envelope of every API route (specification §3 "Response envelope").
 * `status` mirrors the HTTP status; `errors` maps a field to its pt-BR messages. A failure also
 * carries `code`, a stable name for its kind (ERROR_CODES in messages.ts; an addition to §3 that
 * changes none of its fields, docs/decisions/003-error-contract.md).
 */
export type FieldErrors = Record<string, string[]>;

export interface Envelope<T = unknown> {
  status: number;
  message: string;
  errors: FieldErrors | null;
  warnings: string[];
  data: T;
  code?: string;
}

export function envelope<T>(
  data: T,
  options: Partial<Omit<Envelope<T>, 'data'>> = {},
): Envelope<T> {
  return {
    status: options.status ?? 200,
    message: options.message ?? '',
    errors: options.errors ?? null,
    warnings: options.warnings ?? [],
    data,
    ...(options.code === undefined ? {} : { code: options.code }),
  };
}
