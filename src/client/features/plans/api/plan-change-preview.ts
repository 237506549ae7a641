import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanChangePreview } from '#shared/schemas/billing';
import { apiGet } from '#client/lib/api-client';

/** What a preview is asked for: the contract, the chosen option and account, and the §4 timing. */
export interface PlanChangePreviewInput {
  contratoId: number;
  optionId: number;
  contaId: number;
  imediato: number;
}

/**
 * GET /api/gl_contrato/{id}/mudanca_previa (decision 102): what the change will bill, before
 * 'Confirmar'. Read-only, checked by the server like the submit.
 */
function planChangePreviewQuery({ contratoId, optionId, contaId, imediato }: PlanChangePreviewInput) {
  return queryOptions({
    queryKey: ['gl_contrato', contratoId, 'mudanca_previa', { optionId, contaId, imediato }] as const,
    queryFn: ({ signal }) =>
      apiGet<PlanChangePreview>(`/api/gl_contrato/${contratoId}/mudanca_previa`, {
        signal,
        params: { gl_plano_pagamento_id: optionId, pg_conta_id: contaId, imediato },
      }),
  });
}

/**
 * The preview of the form's current choice; nothing while the choice is incomplete (null). Its
 * failure is shown in the summary itself, not as a notice: the submit answers for itself.
 */
export function usePlanChangePreview(input: PlanChangePreviewInput | null) {
  return useQuery({
    ...planChangePreviewQuery(
      input ?? { contratoId: 0, optionId: 0, contaId: 0, imediato: 0 },
    ),
    enabled: input !== null,
    meta: { silentErrors: true },
  });
}
