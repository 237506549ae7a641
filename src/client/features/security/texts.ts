import type { SignInType } from '#shared/schemas/security';

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
