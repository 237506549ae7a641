/** Texts of the dashboard (painel): one catalogue per feature (docs/architecture.md, Texts). */
export const DASHBOARD_TEXTS = {
  greeting: (nome: string) => `Olá, ${nome}!`,
  period: (inicio: string, fim: string) => `Período: ${inicio} a ${fim}`,
  title: 'Painel',
  account: 'Conta',
  noAccount: 'Nenhuma conta selecionada.',
  plan: 'Plano',
  noContract: 'Nenhum contrato ativo para esta conta.',
  pendingChange: (plan: string, payment: string) => `Mudança para ${plan} (${payment}) pendente`,
  links: 'Atalhos',
  profile: 'Meus dados',
  twofa: 'Gerenciar 2FA',
  plans: 'Planos',
  invoices: 'Faturas',
  switchAccount: 'Trocar conta',
  logout: 'Logout',
} as const;
