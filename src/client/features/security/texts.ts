import type { PERSON_SECURITY_ACTIONS, SignInType } from '#shared/schemas/security';

/** How each sign-in history event reads (docs/decisions/071-sign-in-history-and-alerts.md). */
export const SIGN_IN_TYPE_TEXTS: Record<SignInType, string> = {
  sucesso: 'Entrada com senha',
  evento: 'Confirmação de login',
  chave_acesso: 'Entrada com chave de acesso',
  senha_incorreta: 'Senha incorreta',
  codigo_incorreto: 'Código de verificação incorreto',
  bloqueado: 'Recusada: muitas tentativas',
};

/** Texts of the 'Segurança' screen (decisions 070-072); the calls' own messages come from src/shared. */
export const SECURITY_TEXTS = {
  title: 'Segurança',
  sessionsTitle: 'Sessões ativas',
  sessionsExplain:
    'Estes são os navegadores em que sua conta está conectada agora. Se não reconhecer algum, encerre-o e altere sua senha.',
  sessionsLoadFailed: 'Não foi possível carregar suas sessões.',
  browser: 'Navegador',
  system: 'Sistema',
  ip: 'IP',
  started: 'Início',
  lastSeen: 'Último acesso',
  actions: 'Ações',
  unknownBrowser: 'Navegador desconhecido',
  unknownSystem: 'Sistema desconhecido',
  current: 'Esta sessão',
  end: 'Encerrar',
  endOthers: 'Encerrar todas as outras',
  endOthersTitle: 'Encerrar todas as outras sessões?',
  endOthersWarning:
    'Todos os outros navegadores conectados à sua conta sairão dela. Esta sessão continua aberta.',
  noOthers: 'Nenhuma outra sessão aberta.',
  historyTitle: 'Histórico de acessos',
  historyExplain:
    'Os últimos 30 acessos e tentativas de acesso à sua conta, do mais recente ao mais antigo. Guardamos este histórico por 180 dias.',
  historyLoadFailed: 'Não foi possível carregar o histórico de acessos.',
  historyNone: 'Nenhum acesso registrado.',
  when: 'Data',
  event: 'Evento',
} as const;

/** 'Aplicativos conectados' (decision 097). */
export const APPLICATIONS_TEXTS = {
  title: 'Aplicativos conectados',
  explain:
    'Aplicativos em que você entrou com esta conta e o que cada um pode ver. Revogue o acesso de um aplicativo que você não usa mais ou não reconhece: ele perde o acesso na hora e, da próxima vez, terá de pedir de novo.',
  loadFailed: 'Não foi possível carregar os aplicativos conectados.',
  none: 'Nenhum aplicativo conectado.',
  application: 'Aplicativo',
  scopes: 'Pode ver',
  firstUse: 'Primeiro acesso',
  lastUse: 'Último uso',
  actions: 'Ações',
  revoke: 'Revogar acesso',
  revokeTitle: (aplicativo: string) => `Revogar o acesso de ${aplicativo}?`,
  revokeWarning:
    'O aplicativo perde na hora o acesso aos seus dados, mesmo que você esteja conectado nele agora. Se você entrar nele de novo, ele pedirá a sua permissão outra vez.',
} as const;

type PersonSecurityAction = (typeof PERSON_SECURITY_ACTIONS)[number];

/** 'Alterações de segurança': how each of the person's own events reads (issue 34). */
export const SECURITY_EVENT_TEXTS: Record<PersonSecurityAction, string> = {
  senha_alterada: 'Senha alterada',
  senha_redefinida: 'Senha redefinida pelo e-mail',
  twofa_ativado: 'Verificação em duas etapas (2FA) ativada',
  twofa_desativado: 'Verificação em duas etapas (2FA) desativada',
  chaves_recuperacao_geradas: 'Novas chaves de recuperação geradas',
  chave_acesso_adicionada: 'Chave de acesso adicionada',
  chave_acesso_removida: 'Chave de acesso removida',
  chaves_acesso_removidas_na_recuperacao: 'Chaves de acesso removidas com a troca de senha',
  aplicativo_autorizado: 'Aplicativo autorizado',
  aplicativo_revogado: 'Acesso de aplicativo revogado',
  sessoes_encerradas: 'Todas as sessões encerradas',
  twofa_resetado: 'Verificação em duas etapas (2FA) desativada',
  senha_revalidar: 'Troca de senha exigida no próximo login',
};

export const SECURITY_EVENTS_TEXTS = {
  title: 'Alterações de segurança',
  explain:
    'As últimas mudanças na proteção da sua conta e nos aplicativos conectados. Se não reconhecer alguma, altere sua senha e fale com o suporte.',
  loadFailed: 'Não foi possível carregar as alterações de segurança.',
  none: 'Nenhuma alteração registrada.',
  when: 'Data',
  what: 'Alteração',
  ip: 'IP',
  byStaff: 'pela equipe do provedor',
} as const;
