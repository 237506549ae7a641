import { useMutation } from '@tanstack/react-query';
import {
  PROOF_FIELD,
  type PlanChangeRequest,
  type PlanChangeResponse,
} from '#shared/schemas/plano';
import { apiPost, apiPostForm } from '../../../lib/api-client';

/**
 * §7 POST /api/gl_contrato_evento/selecionarPlanoAssinar: JSON, or multipart/form-data with the
 * proof files (§7 "multipart variants"); the fields go first, then the files.
 */
export function submitPlanChange(payload: PlanChangeRequest, files: readonly File[]): Promise<PlanChangeResponse> {
  const path = '/api/gl_contrato_evento/selecionarPlanoAssinar';
  if (files.length === 0) return apiPost<PlanChangeResponse>(path, payload);
  const form = new FormData();
  for (const [key, value] of Object.entries(payload) as [string, string | number | null | undefined][]) {
    if (value !== null && value !== undefined) form.append(key, String(value));
  }
  for (const file of files) form.append(PROOF_FIELD, file, file.name);
  return apiPostForm<PlanChangeResponse>(path, form);
}

export function useSubmitPlanChange() {
  return useMutation({
    mutationFn: ({ payload, files }: { payload: PlanChangeRequest; files: readonly File[] }) =>
      submitPlanChange(payload, files),
    meta: { fieldErrors: 'form' },
  });
}

/** §7 POST /api/gl_contrato_evento/{id}/cancelar: {evento_id, evento_token}. */
export function useCancelPlanChange() {
  return useMutation({
    mutationFn: ({ id, evento }: { id: number; evento: { evento_id: number; evento_token: string } | null }) =>
      apiPost<null>(`/api/gl_contrato_evento/${id}/cancelar`, evento ?? {}),
  });
}
