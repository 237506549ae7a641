/**
 * Cancelling a subscription online (issue 41, decision 113): the request, the answers and the
 * words both sides share. Decreto 11.034/2022 (the SAC rules): a service contracted online is
 * cancelled through the same channel, the request takes effect at once and gets a protocol number.
 * CDC art. 49: seven days to withdraw from a contract made away from the provider's premises.
 */
import { z } from 'zod';

/** Why the customer leaves: optional, one of these, and free text besides. */
export const CANCELLATION_REASONS = [
  { id: 'preco', text: 'O preço está alto' },
  { id: 'nao_uso', text: 'Não estou usando' },
  { id: 'recursos', text: 'Faltam recursos de que preciso' },
  { id: 'problemas', text: 'Problemas técnicos ou de desempenho' },
  { id: 'atendimento', text: 'Atendimento insatisfatório' },
  { id: 'concorrente', text: 'Vou usar outro serviço' },
  { id: 'encerramento', text: 'A empresa encerrou ou mudou de atividade' },
  { id: 'outro', text: 'Outro motivo' },
  { id: 'nao_informado', text: 'Prefiro não dizer' },
] as const;

export type CancellationReason = (typeof CANCELLATION_REASONS)[number]['id'];

const REASON_IDS = CANCELLATION_REASONS.map((reason) => reason.id) as [CancellationReason, ...CancellationReason[]];

export const reasonText = (id: string) => CANCELLATION_REASONS.find((reason) => reason.id === id)?.text ?? id;

export const CANCELLATION_TEXT_MAX = 500;

export const CANCELLATION_MESSAGES = {
  reasonInvalid: 'Escolha um dos motivos da lista.',
  textTooLong: `Escreva no máximo ${CANCELLATION_TEXT_MAX} caracteres.`,
  requested: (protocolo: string, ate: string) =>
    `Cancelamento registrado. Protocolo ${protocolo}. Seu acesso continua até ${ate}.`,
  cancelledNow: (protocolo: string) => `Assinatura cancelada. Protocolo ${protocolo}.`,
  withdrawn: (protocolo: string) =>
    `Assinatura cancelada pelo direito de arrependimento. Protocolo ${protocolo}. Os valores pagos serão devolvidos.`,
  alreadyPending: 'Esta assinatura já tem um cancelamento agendado.',
  nothingPending: 'Esta assinatura não tem cancelamento agendado.',
  undone: 'Cancelamento desfeito. Sua assinatura continua normalmente.',
  contractInactive: 'Esta assinatura não está ativa.',
  managerOnly: 'Somente o gerente da conta pode cancelar a assinatura.',
  refunded: 'Reembolso registrado como feito.',
  alreadyRefunded: 'Este reembolso já foi registrado como feito.',
  planChangeBlocked: 'Há um cancelamento agendado desta assinatura. Desista dele antes de mudar de plano.',
} as const;

/** POST /api/gl_contrato/{id}/cancelamento. */
export const CancellationRequestSchema = z.object({
  motivo: z.enum(REASON_IDS, { error: CANCELLATION_MESSAGES.reasonInvalid }).default('nao_informado'),
  motivo_texto: z
    .string()
    .trim()
    .max(CANCELLATION_TEXT_MAX, { error: CANCELLATION_MESSAGES.textTooLong })
    .nullish()
    .transform((text) => text || null),
  /** false: at the close of the current period (the default); true: now. */
  imediato: z.boolean().default(false),
});
export type CancellationRequest = z.input<typeof CancellationRequestSchema>;

/** A cancellation as the customer sees it. */
export interface CancelamentoDto {
  id: number;
  protocolo: string;
  situacao: 'pendente' | 'efetivado' | 'desistido';
  imediato: boolean;
  arrependimento: boolean;
  /** The last day of access. */
  acesso_ate: string;
  motivo: CancellationReason;
  datahora_criado: string;
}

/** GET /api/gl_contrato/{id}/cancelamento: what cancelling would do, and the pending one. */
export interface CancellationTermsDto {
  gl_contrato_id: number;
  /** false once the contract ended: nothing left to cancel. */
  ativo: boolean;
  plano_nome: string;
  /** The current period's last day: access lasts to it when cancelled at the close. */
  periodo_fim: string;
  /** CDC art. 49 applies (an individual's first contract, made online, within seven days). */
  arrependimento: boolean;
  /** The last day the withdrawal right lasts, when it applies. */
  arrependimento_ate: string | null;
  /** Issued invoices not yet paid: still due after a cancellation (not under the withdrawal right). */
  faturas_em_aberto: number;
  /** Unpaid invoices of periods after the current one (billed ahead): cancelled with it. */
  faturas_seguintes: number;
  pendente: CancelamentoDto | null;
  /** The asker may cancel (a manager, level ≤ 10); others read. */
  pode_cancelar: boolean;
}

/** Administração → Cancelamentos: how many asked in a month ('YYYY-MM'), by reason. */
export type CancellationsByReason = {
  mes: string;
  motivo: string;
  quantidade: number;
};
