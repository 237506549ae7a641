/** Texts of cancelling a subscription online (issue 41); the server's messages come with its answers. */
export const CANCELLATION_TEXTS = {
  title: 'Cancelar assinatura',
  link: 'Cancelar assinatura',
  intro: (plano: string) =>
    `Plano ${plano}. O cancelamento é feito aqui mesmo, na hora, e você recebe um número de protocolo por e-mail.`,
  loadFailed: 'Não foi possível carregar os dados da assinatura.',
  noContract: 'Não há assinatura ativa nesta conta.',
  seePlans: 'Ver planos',
  managerOnly: 'Somente o gerente da conta pode cancelar a assinatura. Peça a ele para fazer o cancelamento.',
  withdrawal: (ate: string) =>
    `Você contratou há menos de 7 dias: pelo direito de arrependimento (Código de Defesa do Consumidor, art. 49), até ${ate} o cancelamento é imediato e os valores pagos por esta assinatura serão devolvidos.`,
  when: 'Quando o cancelamento vale',
  atClose: (fim: string) => `No fim do período atual, em ${fim}: você continua com acesso até lá`,
  now: 'Agora: o acesso termina hoje',
  whatHappens: 'O que acontece',
  accessUntil: (fim: string) => `O acesso continua até ${fim}.`,
  accessEndsToday: 'O acesso termina hoje.',
  openInvoices: (count: number) =>
    count === 0
      ? 'Não há faturas em aberto.'
      : `${count === 1 ? 'A fatura já emitida continua devida' : `As ${count} faturas já emitidas continuam devidas`} e ${count === 1 ? 'aparece' : 'aparecem'} na lista de faturas.`,
  laterInvoices: (count: number) =>
    count === 1
      ? 'A fatura já emitida do período seguinte é cancelada.'
      : `As ${count} faturas já emitidas de períodos seguintes são canceladas.`,
  noNewInvoice: 'Nenhuma nova fatura será emitida depois disso.',
  withdrawalRefund: 'As faturas em aberto são canceladas e as pagas serão devolvidas.',
  undoUntil: (fim: string) => `Até ${fim}, você pode desistir do cancelamento aqui.`,
  reason: 'Motivo (opcional)',
  reasonNone: 'Escolha um motivo',
  details: 'Quer contar mais? (opcional)',
  confirm: 'Confirmar cancelamento',
  back: 'Voltar ao Painel',
  doneTitle: 'Cancelamento registrado',
  protocol: 'Protocolo',
  pendingTitle: 'Cancelamento agendado',
  pending: (fim: string, protocolo: string) => `A assinatura será cancelada no fim do período, em ${fim}. Protocolo ${protocolo}.`,
  undo: 'Desistir do cancelamento',
  cancelledTitle: 'Assinatura cancelada',
} as const;
