import {
  CONTA_MESSAGES,
  NEW_PASSWORD_MIN_MESSAGE,
  NEW_PASSWORD_MISMATCH_MESSAGE,
} from '#shared/messages';

/**
 * Texts of the account screens (sign-up, account selection, new password, welcome): one catalogue
 * per feature (docs/architecture.md, Texts); §5 and §8 wordings come from src/shared, to the letter.
 */
export const SELECT_ACCOUNT_TEXTS = {
  loading: 'Carregando...',
  accounts: 'Contas',
  title: 'Entrar',
  logout: 'Logout',
  intro: 'Selecione uma conta abaixo',
  search: 'Buscar cliente',
  createAccount: 'Criar uma nova conta',
  noResults: 'Nenhum cliente encontrado.',
  noEvent:
    'Não encontramos o login em andamento neste navegador. Entre novamente para escolher uma conta.',
  eventFailed: 'Não foi possível carregar as contas deste login. Entre novamente para continuar.',
  backToLogin: 'Ir para o login',
  invalidProduct: 'Produto não encontrado.',
  /** §8, to the letter. */
  selectionFailed: (message: string) => `Erro ao alterar cliente: ${message}`,
} as const;

export const CREATE_PASSWORD_TEXTS = {
  title: 'Altere sua senha',
  intro: 'Você entrou com uma senha temporária. Escolha agora a sua própria senha para continuar.',
  senha: 'Nova senha',
  senhaConf: 'Confirmação de senha',
  submit: 'Alterar e continuar',
  logout: 'Logout',
  invalidProduct: 'Produto não encontrado.',
  // §5 and §8, to the letter.
  tooShort: NEW_PASSWORD_MIN_MESSAGE,
  mismatch: NEW_PASSWORD_MISMATCH_MESSAGE,
  changed: CONTA_MESSAGES.passwordChanged,
} as const;

export const CREATE_ACCOUNT_LOGGED_TEXTS = {
  title: 'Criar uma conta',
  intro: 'Crie uma nova conta de cliente com o seu usuário. Você será o gestor dela.',
  nome: 'Nome',
  submit: 'Criar conta e continuar',
  back: 'Voltar',
  invalidProduct: 'Produto não encontrado.',
  notAllowed: CONTA_MESSAGES.signUpNotAllowed,
  productFailed: 'Não foi possível carregar o produto.',
} as const;

export const EMAIL_SENT_TEXTS = {
  title: 'Senha enviada para seu e-mail',
  intro: 'Enviamos uma senha temporária para o e-mail que você informou.',
  inbox: 'Confira a sua caixa de entrada e também a pasta de spam ou lixo eletrônico.',
  next: 'Entre com o seu e-mail e essa senha temporária. Logo em seguida, você escolherá a sua própria senha.',
  ok: 'Entendi! Ir para Login',
  logout: 'Logout',
  invalidProduct: 'Produto não encontrado.',
} as const;

export const CPF_CNPJ_FIELDS_TEXTS = {
  cpfcnpj: 'CPF ou CNPJ',
  empresa: 'Nome da empresa',
} as const;

export const CREATE_ACCOUNT_TEXTS = {
  title: 'Criar uma conta',
  nome: 'Nome',
  email: 'E-mail',
  celular: 'Seu celular',
  senha: 'Senha',
  /** §2, worded with the provider's name. */
  passwordPrompt: CONTA_MESSAGES.passwordPrompt,
  temporaryPassword:
    'Enviaremos uma senha temporária para o seu e-mail. Use-a para entrar pela primeira vez; em seguida, você escolherá a sua própria senha.',
  submit: 'Criar conta e continuar',
  backToLogin: 'Voltar para o login',
  loadingProduct: 'Carregando o produto...',
  productNotFound: 'Produto não encontrado. Confira o endereço de acesso que você recebeu.',
  productFailed: 'Não foi possível carregar o produto.',
  signUpNotAllowed: CONTA_MESSAGES.signUpNotAllowed,
  /** §8, shown when the server asks for the password (senha_digitar). */
  alreadyRegistered: CONTA_MESSAGES.alreadyRegistered,
  code: 'Código de verificação (2FA)',
  codeHint: 'O código de 6 dígitos do aplicativo, ou uma das suas chaves de recuperação.',
} as const;

export const WELCOME_TEXTS = {
  title: 'Seja Bem-vindo(a)',
  intro: 'Sua conta está pronta.',
  choice:
    'Conheça os planos disponíveis e escolha o que combina com você, ou continue o login e escolha um plano quando preferir.',
  plans: 'Ver Planos',
  continue: 'Continuar login',
  invalidProduct: 'Produto não encontrado.',
} as const;
