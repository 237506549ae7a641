/**
 * The response envelope of every API route (specification §3 "Response envelope").
 * `status` mirrors the HTTP status; `errors` maps a field to its pt-BR messages.
 */
export type FieldErrors = Record<string, string[]>;

export interface Envelope<T = unknown> {
  status: number;
  message: string;
  errors: FieldErrors | null;
  warnings: string[];
  data: T;
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
  };
}
