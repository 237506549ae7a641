import { z } from 'zod';
import { IdSchema } from './auth.ts';
import { PlanChangeRequestSchema } from './plans.ts';

/**
 * Recurring billing (issue 35, decision 102): the plan-change preview, staff's Faturamento and
 * the invoice approval. Paths are ours (the specification shows none).
 */

/** One line of an invoice to be (item): what it says and its amount ('-38.67' for a credit). */
export interface PreviewLine {
  descricao: string;
  unidade: string | null;
  qtde: number | null;
  valor: string;
}

/** GET /api/gl_contrato/{id}/mudanca_previa: what a plan change will bill, before 'Confirmar'. */
export interface PlanChangePreview {
  atual: { plano: string; cobranca_tipo_desc: string; valor: string };
  nova: { plano: string; cobranca_tipo_desc: string; valor: string; promocional: boolean };
  imediato: boolean;
  /** The day it applies: today, or the day after the current period ends. */
  aplica_em: string;
  /** The prorations of an immediate change (decision 102): empty otherwise. */
  prorrateio: PreviewLine[];
  /** The next invoice the contract will get, with these lines. */
  proxima_fatura: {
    emissao: string;
    vencimento: string;
    itens: PreviewLine[];
    total: string;
  } | null;
}

/** The choice a preview is asked for: the submit's own fields, checked the same way. */
export const PlanChangePreviewQuerySchema = PlanChangeRequestSchema.pick({
  gl_plano_pagamento_id: true,
  pg_conta_id: true,
  imediato: true,
});
export const ContratoParamsSchema = z.object({ id: IdSchema });

/** Administração → Faturamento: the next run's forecast. */
export interface BillingForecast {
  contratos: number;
  valor_total: string;
  /** The last period start the next run will bill (today plus the lead time). */
  ate: string;
  antecedencia_dias: number;
}

export const BILLING_MESSAGES = {
  contractNotFound: 'Contrato não encontrado.',
  contractInactive: 'Este contrato não está ativo.',
  nothingToIssue: 'Não há nada a faturar agora para este contrato: o próximo período já foi faturado e não há ajustes a cobrar.',
  issued: (valor: string) => `Fatura de ${valor} emitida.`,
  notCancellable: 'Só faturas não pagas podem ser canceladas.',
  cancelled: 'Fatura cancelada. Emita uma nova, se for o caso.',
  readOnlyItems:
    'Os itens de faturas emitidas pelo faturamento não podem ser alterados: cancele a fatura e emita outra.',
  notDeletable: 'Faturas emitidas pelo faturamento não podem ser excluídas: cancele-as.',
  cancelledReadOnly: 'Faturas canceladas não podem ser alteradas.',
  situacaoKept: 'Esta situação é dada pelo faturamento: mantenha-a ou escolha Aberta, Fechada/Emitida, Paga ou Vencida.',
  approvalInvalid: 'Este link de aprovação já foi usado ou não existe.',
  approved: 'Fatura autorizada!',
} as const;
