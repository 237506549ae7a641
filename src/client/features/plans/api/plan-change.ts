import { useMutation } from '@tanstack/react-query';
import type { PlanChangeRequest, PlanChangeResponse } from '#shared/schemas/plans';
import { IDEMPOTENCY_KEY_HEADER, PROOF_FIELD } from '#shared/plans';
import { apiPost, apiPostForm } from '#client/lib/api-client';

/**
 * §7 POST /api/gl_contrato_evento/selecionarPlanoAssinar: JSON, or multipart/form-data with the
 * proof files (§7 "multipart variants"); the fields go first, then the files. The
 * Idempotency-Key names the submit (decision 020): a double click or a retry is one change.
 */
function submitPlanChange(
  payload: PlanChangeRequest,
  files: readonly File[],
  idempotencyKey: string,
): Promise<PlanChangeResponse> {
  const path = '/api/gl_contrato_evento/selecionarPlanoAssinar';
  const options = { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } };
  if (files.length === 0) return apiPost<PlanChangeResponse>(path, payload, options);
  const form = new FormData();
  for (const [key, value] of Object.entries(payload) as [string, string | number | null | undefined][]) {
    if (value !== null && value !== undefined) form.append(key, String(value));
  }
  for (const file of files) form.append(PROOF_FIELD, file, file.name);
  return apiPostForm<PlanChangeResponse>(path, form, options);
}

export function useSubmitPlanChange() {
  return useMutation({
    mutationFn: ({ payload, files, idempotencyKey }: { payload: PlanChangeRequest; files: readonly File[]; idempotencyKey: string }) =>
      submitPlanChange(payload, files, idempotencyKey),
    meta: { fieldErrors: 'form' },
  });
}

/** 128 random bits as hex. crypto.getRandomValues works on plain http too (randomUUID does not). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One Idempotency-Key per submit attempt of a given form fill: the same fill sent again (a
 * retry after an error or a lost answer, a double click) reuses the key, so the server answers
 * with the change already made; a fill that changed in any way is another submit, with a new key.
 */
export function idempotencyKeys(): (fill: unknown) => string {
  let last: { fill: string; key: string } | null = null;
  return (fill) => {
    const fingerprint = JSON.stringify(fill);
    if (last?.fill !== fingerprint) last = { fill: fingerprint, key: newIdempotencyKey() };
    return last.key;
  };
}

/** §7 POST /api/gl_contrato_evento/{id}/cancelar: {evento_id, evento_token}. */
export function useCancelPlanChange() {
  return useMutation({
    mutationFn: ({ id, evento }: { id: number; evento: { evento_id: number; evento_token: string } | null }) =>
      apiPost<null>(`/api/gl_contrato_evento/${id}/cancelar`, evento ?? {}),
  });
}
