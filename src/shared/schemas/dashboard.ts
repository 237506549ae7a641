/**
 * The Painel's account summary (issue 39 item 1): GET /api/painel/resumo, one call for the
 * whole screen. Ours, beside the specification's dashboard route; money is a decimal string.
 */

/** The next invoice to pay: the open or overdue one due first. */
interface PainelProximaFatura {
  id: number;
  /** What is due today: the amount plus any late fine and interest (issue 39 item 5). */
  valor: string;
  data_vencimento: string;
  /** The invoice's account has a PIX key: 'Pagar' offers the PIX modal. */
  pix: boolean;
  /**
   * The invoice's account issues boletos (its bank data, `pg_conta.boleto_banco`, issue 40):
   * 'Pagar' offers the boleto modal, beside PIX when the account has both.
   */
  boleto: boolean;
}

interface PainelEmAberto {
  /** Open (5) and overdue (8) invoices, summed as issued. */
  total: string;
  quantidade: number;
  /** Unpaid invoices whose due date has passed (São Paulo calendar). */
  vencidas: number;
  /** The due date of the oldest of them; null when none is overdue. */
  vencida_desde: string | null;
  proxima: PainelProximaFatura | null;
}

interface PainelContrato {
  id: number;
  plano_nome: string;
  cobranca_tipo_desc: string;
  /** The price of the current period on its payment option (promotional while it lasts). */
  valor: string;
  periodo_inicio: string;
  periodo_fim: string;
  /** The first day of the next period. */
  renovacao: string;
  /** The payment account's name (Boleto, PIX...); null for a free plan. */
  forma_pagamento: string | null;
}

interface PainelMudancaPendente {
  plano_atual: string;
  plano_novo: string;
  cobranca_tipo_desc: string;
  /** The day it applies; null for an immediate change still being applied. */
  agendamento_data: string | null;
}

export interface PainelResumoDto {
  /** Null when the person is not linked to the client (staff looking at it): no money shown. */
  em_aberto: PainelEmAberto | null;
  contrato: PainelContrato | null;
  mudanca_pendente: PainelMudancaPendente | null;
  /** When the person's own account is to be deleted (LGPD self-service); null when not asked. */
  exclusao_agendada: string | null;
  /** §6: only level 10 or lower may change plans; the others see no plan actions. */
  pode_mudar_plano: boolean;
  /** How many client accounts the person belongs to: 'Trocar conta' only when more than one. */
  contas: number;
}
