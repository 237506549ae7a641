/** Texts of the dashboard (painel): one catalogue per feature (docs/architecture.md, Texts). */
export const DASHBOARD_TEXTS = {
  greeting: (nome: string) => `Olá, ${nome}!`,
  period: (inicio: string, fim: string) => `Período: ${inicio} a ${fim}`,
  title: 'Painel',
  account: 'Conta',
  noAccount: 'Nenhuma conta selecionada.',
  plan: 'Plano',
  noContract: 'Nenhum contrato ativo para esta conta.',
  companyData: 'Dados da empresa',
  people: 'Pessoas da conta',
  pendingChange: (plan: string, payment: string) => `Mudança para ${plan} (${payment}) pendente`,
  links: 'Atalhos',
  profile: 'Meus dados',
  twofa: 'Gerenciar 2FA',
  plans: 'Planos',
  invoices: 'Faturas',
  switchAccount: 'Trocar conta',
  /** Issue 39: ours here; the specification keeps 'Logout' in the settings menu. */
  logout: 'Sair',
} as const;

/** The account summary (issue 39 item 1). */
export const SUMMARY_TEXTS = {
  owed: 'Em aberto',
  nothingOwed: 'Nenhuma fatura em aberto.',
  openCount: (count: number) => (count === 1 ? '1 fatura em aberto' : `${count} faturas em aberto`),
  nextDue: (date: string, amount: string) => `Próximo vencimento: ${date} (${amount})`,
  overdue: (count: number, days: number) => {
    const ago = days < 1 ? 'hoje' : days === 1 ? 'há 1 dia' : `há ${days} dias`;
    return count === 1 ? `1 fatura vencida ${ago}` : `${count} faturas vencidas, a mais antiga ${ago}`;
  },
  pay: 'Pagar',
  /** Issue 40: 'Pagar' of an invoice that has both offers a choice between them. */
  payWithPix: 'Pagar com PIX',
  payWithBoleto: 'Pagar com boleto',
  seeInvoices: 'Ver faturas',
  loadFailed: 'Não foi possível carregar o resumo da conta.',
  price: (amount: string, cobranca: string) => `${amount} · ${cobranca}`,
  renewal: (date: string) => `Renovação em ${date}`,
  paymentMethod: (name: string) => `Forma de pagamento: ${name}`,
  free: 'Forma de pagamento: gratuito',
  change: (from: string, to: string, cobranca: string) => `Mudança de ${from} para ${to} (${cobranca})`,
  changeWhen: (date: string) => `em ${date}`,
  changeNow: 'sendo aplicada agora',
  manageChange: 'Ver mudança',
  changePlan: 'Trocar plano',
  choosePlan: 'Escolher plano',
  deletion: (date: string) => `A exclusão da sua conta está agendada para ${date}.`,
  manageDeletion: 'Gerenciar exclusão',
} as const;
