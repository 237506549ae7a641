import { CONTA_MESSAGES, PROFILE_PASSWORD_MESSAGES } from '#shared/messages';

/**
 * Texts of the sign-in screens (login, event login, password recovery, passkeys, the 2FA offer):
 * one catalogue per feature (docs/architecture.md, Texts); §5 and §8 wordings come from src/shared.
 */
export const RECOVER_EMAIL_TEXTS = {
  title: 'Recuperar senha',
  intro:
    'Informe o e-mail da sua conta. Enviaremos para ele as instruções para criar uma nova senha.',
  email: 'E-mail',
  submit: 'Enviar instruções',
  backToLogin: 'Voltar para o login',
  invalidProduct: 'Produto não encontrado.',
  /** §8, to the letter. */
  sent: CONTA_MESSAGES.recoverSent,
} as const;

export const RECOVER_TOKEN_TEXTS = {
  title: 'Criar nova senha',
  intro: 'Escolha uma nova senha para a sua conta.',
  senha: 'Nova senha',
  senhaHint: 'De 6 a 32 caracteres.',
  senhaConf: 'Confirmação de senha',
  submit: 'Salvar nova senha',
  requestNew: 'Pedir um novo link',
  // §5, §8, and ours where the specification shows none.
  mismatch: PROFILE_PASSWORD_MESSAGES.mismatch,
  linkInvalid: CONTA_MESSAGES.resetLinkInvalid,
} as const;

export const LOGIN_TEXTS = {
  /** §8, kept on the login the reset leads to (issue 38). */
  passwordChanged: CONTA_MESSAGES.passwordChanged,
  /** Reached from an application's sign-in (decision 097). */
  continueTo: (aplicativo: string) => `Entre para continuar em ${aplicativo}`,
  logoOf: (nome: string) => `Logotipo de ${nome}`,
  loadingProduct: 'Carregando o produto...',
  title: 'Entrar',
  productNotFound: 'Produto não encontrado. Confira o endereço de acesso que você recebeu.',
  productFailed: 'Não foi possível carregar o produto.',
  email: 'E-mail',
  password: 'Senha',
  code: 'Código de verificação (2FA)',
  codeHint: '6 dígitos',
  trust: 'Confiar neste dispositivo',
  trustHint: 'Por 60 dias, este dispositivo não pedirá o código.',
  deviceName: 'Nome do dispositivo',
  deviceNamePlaceholder: 'Ex.: Notebook do escritório',
  submit: 'Entrar',
  submitManage: 'Entrar & Gerenciar meus dados',
  signUp: 'Cadastre-se',
  forgot: 'Esqueci minha senha',
  contact: 'Fale conosco',
} as const;

export const PASSKEY_TEXTS = {
  signIn: 'Entrar com chave de acesso',
} as const;

export const EVENT_LOGIN_TEXTS = {
  title: 'Confirme sua senha',
  intro: 'Por segurança, confirme sua senha para continuar.',
  missing:
    'Este link de confirmação está incompleto: faltam os dados do evento. Volte ao sistema de onde veio e tente novamente.',
  password: 'Senha',
  code: 'Código de verificação (2FA)',
  codeHint: 'O código de 6 dígitos do aplicativo, ou uma das suas chaves de recuperação.',
  submit: 'Confirmar',
} as const;

export const ACTIVATION_TEXTS = {
  title: 'Proteja sua conta com a verificação em duas etapas',
  body: 'Com a verificação em duas etapas (2FA), além da senha, o login pede um código gerado por um aplicativo autenticador no seu celular. Assim, sua conta fica protegida mesmo que alguém descubra sua senha.',
  activate: 'Ativar agora',
  remindLater: 'Lembrar em 30 dias',
  continue: 'Continuar Login',
} as const;

/** The consent screen of a partner's application (decision 097). */
export const CONSENT_TEXTS = {
  title: 'Permitir acesso',
  question: (aplicativo: string) => `Permitir que ${aplicativo} acesse a sua conta?`,
  signedInAs: (nome: string) => `Você está conectado como ${nome}.`,
  releases: 'O aplicativo poderá ver:',
  revokeNote:
    'Você pode revogar este acesso quando quiser em Segurança, na seção Aplicativos conectados.',
  partnerNote:
    'Este aplicativo é de um parceiro, não do provedor. Permita somente se você o reconhece e confia nele.',
  allow: 'Permitir',
  cancel: 'Cancelar',
  expired:
    'Este pedido de acesso expirou ou já foi concluído. Volte ao aplicativo e entre novamente.',
  failed: 'Não foi possível carregar o pedido de acesso.',
  toLogin: 'Ir para o login do portal',
  invalidRequest: 'Pedido de acesso inválido. Volte ao aplicativo e entre novamente.',
} as const;
