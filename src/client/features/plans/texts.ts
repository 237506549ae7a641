import { PLANO_MESSAGES } from '#shared/plans';

/** Texts of the plans screens: §2, §5, §6 to the letter where given, ours elsewhere. */
export const PLANS_TEXTS = {
  title: 'Planos',
  invalidProduct: 'Produto não encontrado.',
  loadFailed: 'Não foi possível carregar os planos.',
  empty: 'Nenhum plano disponível para este produto no momento.',
  // header for visitors (§2)
  login: 'Entrar',
  signUp: 'Cadastre-se',
  // table
  plan: 'Plano',
  users: 'Usuários',
  devices: 'Dispositivos',
  payment: 'Pagamento',
  details: 'Detalhes',
  unlimited: 'Ilimitados',
  free: 'Grátis',
  conditional: 'Valores sujeitos a condições.',
  current: 'Plano atual',
  choose: 'Escolher',
  chooseLabel: (plan: string, payment: string) => `Escolher ${plan} (${payment})`,
  // banner (§2, §4)
  pendingTitle: 'Mudança de plano pendente',
  pending: (plan: string, payment: string) => `Novo plano: ${plan} (${payment}).`,
  pendingWhen: (date: string) => `Agendada para ${date}.`,
  pendingBlocked: 'Cancele a mudança pendente para escolher outro plano.',
  cancelChange: 'Cancelar mudança',
  // visitor modal (§6)
  notClient: PLANO_MESSAGES.notClient,
  notClientText: 'Entre com sua conta para escolher um plano. Se ainda não tem uma, cadastre-se.',
  close: 'Fechar',
  // level above 10 (§6)
  contactManager: PLANO_MESSAGES.contactManager,
  contactManagerText: 'Somente o gerente da conta pode mudar o plano. Peça a ele para fazer a mudança.',
  noClient: 'Selecione uma conta para escolher um plano.',
  selectAccount: 'Selecionar conta',
  // form (§2, §5)
  completeSignup: 'Complete seu cadastro',
  personType: 'Tipo de pessoa',
  individual: 'Pessoa física',
  company: 'Pessoa jurídica',
  cpf: 'CPF',
  cnpj: 'CNPJ',
  fullName: 'Nome completo',
  companyName: 'Razão social',
  birthDate: 'Data de nascimento',
  email: 'E-mail',
  mobile: 'Celular',
  landline: 'Telefone fixo',
  optional: '(opcional)',
  cep: 'CEP',
  lookupCep: 'Buscar CEP',
  street: 'Logradouro',
  number: 'Número',
  complement: 'Complemento',
  district: 'Bairro',
  city: 'Cidade',
  chosenPlan: 'Plano escolhido',
  changePlan: 'Trocar',
  paymentMethod: 'Forma de pagamento',
  freeAccount: 'Gratuito',
  freeAccountText: 'Plano gratuito, sem cobrança.',
  proofs: 'Comprovantes',
  proofsHint: 'Este plano exige comprovantes: PNG, JPG ou PDF, até 5 MB cada.',
  timing: 'Quando a mudança deve valer',
  now: 'Imediatamente',
  atClose: (date: string) => `No fechamento do plano atual (${date})`,
  submit: 'Confirmar mudança de plano',
  submitSignup: 'Assinar plano',
  loadCustomerFailed: 'Não foi possível carregar os dados da conta.',
  // success (planoMudanca_sucesso)
  successTitle: 'Mudança de plano solicitada',
  successApplied: (plan: string) => `Pronto! Sua conta já está no plano ${plan}.`,
  successScheduled: (plan: string, date: string) =>
    `A mudança para o plano ${plan} foi agendada para ${date}. Até lá, seu plano atual continua valendo.`,
  successGeneric: 'Recebemos sua escolha de plano.',
  dashboard: 'Ir para o painel',
  backToPlans: 'Ver planos',
} as const;

export const fileTypeMessage = (name: string) => `O arquivo "${name}" não é um PNG, JPEG ou PDF válido.`;
export const fileSizeMessage = (name: string) => `O arquivo "${name}" passa do limite de 5 MB.`;
