import { INVITATION_TTL_DAYS, PEOPLE_MESSAGES } from '#shared/schemas/people';

/**
 * Texts of the account's people and invitations (issue 41 item 3): one catalogue per feature
 * (docs/architecture.md, Texts); what the server says too comes from PEOPLE_MESSAGES.
 */
export const PEOPLE_TEXTS = {
  title: 'Pessoas da conta',
  intro: 'Quem entra nesta conta e com qual nível de acesso.',
  loadFailed: 'Não foi possível carregar as pessoas da conta.',
  noClient: 'Selecione uma conta para ver as pessoas da conta.',
  selectAccount: 'Selecionar conta',
  // people
  peopleTitle: 'Pessoas',
  name: 'Nome',
  email: 'E-mail',
  level: 'Nível',
  lastAccess: 'Último acesso',
  actions: 'Ações',
  you: '(você)',
  never: 'Nunca',
  levelOf: (nome: string) => `Nível de ${nome}`,
  changeLevel: 'Alterar nível',
  save: 'Salvar',
  remove: 'Remover',
  removeTitle: 'Remover pessoa?',
  removeText: (nome: string) =>
    `${nome} deixará de ter acesso a esta conta. Para voltar, precisará de um novo convite.`,
  leave: 'Sair da conta',
  leaveTitle: 'Sair da conta?',
  leaveText: (razaoSocial: string) =>
    `Você deixará de ter acesso a ${razaoSocial}. Para voltar, precisará de um novo convite.`,
  // limit
  limit: (limite: number, emUso: number) =>
    `Seu plano permite até ${limite} ${limite === 1 ? 'usuário' : 'usuários'}; em uso: ${emUso} (pessoas e convites pendentes).`,
  // invite
  inviteTitle: 'Convidar pessoa',
  inviteIntro: `A pessoa recebe por e-mail um link, válido por ${INVITATION_TTL_DAYS} dias, para entrar na conta.`,
  inviteSubmit: 'Enviar convite',
  // invitations
  invitationsTitle: 'Convites pendentes',
  invitationsNone: 'Nenhum convite pendente.',
  invitedBy: 'Convidado por',
  expiresAt: 'Expira em',
  expired: 'Expirado',
  cancelInvitation: 'Cancelar convite',
  cancelInvitationTitle: 'Cancelar convite?',
  cancelInvitationText: (email: string) => `O link enviado para ${email} deixará de funcionar.`,
  none: '-',
} as const;

/** The invitation's page (/convite/{token}), signed in or not. */
export const INVITATION_TEXTS = {
  title: 'Convite',
  heading: (razaoSocial: string) => `Convite para ${razaoSocial}`,
  invitedBy: (nome: string) => `${nome} convidou você para fazer parte desta conta.`,
  invited: 'Você foi convidado para fazer parte desta conta.',
  email: 'E-mail',
  level: 'Nível de acesso',
  expiresAt: 'Válido até',
  loadFailed: 'Não foi possível carregar o convite.',
  invalid: PEOPLE_MESSAGES.invitationInvalid,
  goToLogin: 'Ir para o login',
  // signed in with the invited e-mail
  accept: 'Aceitar convite',
  // signed in with another e-mail
  otherEmail: PEOPLE_MESSAGES.otherEmail,
  switchAccount: 'Sair e entrar com outra conta',
  // an account exists for the e-mail
  signInToAccept: (email: string) =>
    `Você já tem uma conta com o e-mail ${email}. Entre para aceitar o convite.`,
  signIn: 'Entrar para aceitar',
  // a new person
  signUpTitle: 'Criar sua conta',
  nome: 'Nome',
  celular: 'Seu celular',
  senha: 'Senha',
  senhaConf: 'Confirmação de senha',
  mismatch: 'As senhas são diferentes',
  signUp: 'Criar conta e entrar',
} as const;
