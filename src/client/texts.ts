import { LEGAL_DOCUMENTS } from '#shared/legal';

/**
 * Texts of the shared components (src/client/components) and those more than one feature shows.
 * The rule (docs/architecture.md, Texts): a feature's texts live in its own texts.ts, the shared
 * components' here, and the specification's messages the server sends too in src/shared; a
 * component holds no pt-BR literal of its own.
 */
export const CLIENT_TEXTS = {
  appName: 'Portal do Cliente',
  loading: 'Carregando...',
  close: 'Fechar',
  cancel: 'Cancelar',
  success: 'Sucesso',
  /** What the §2 id icon shows (a click tells 'ID: {value}'). */
  idIcon: 'ID',
} as const;

/** The sign-up's consent to the legal documents (§2; components/terms-consent). */
export const TERMS_TEXTS = {
  before: 'Li e aceito os ',
  between: ' e a ',
  after: '.',
  terms: LEGAL_DOCUMENTS.termos_uso.titulo,
  privacy: LEGAL_DOCUMENTS.politica_privacidade.titulo,
} as const;

export const CAPTCHA_TEXTS = {
  loading: 'Carregando a verificação de segurança...',
  failed: 'Não foi possível carregar a verificação de segurança.',
  unsupported:
    'A verificação de segurança configurada não é suportada por esta versão do portal. Avise o suporte.',
} as const;

/** A request that got no answer at all (issue 38 item 2; §8's texts are for an answer without a body). */
export const CONNECTION_TEXTS = {
  lost: 'Sem conexão com o servidor. Verifique sua internet; vamos tentar de novo.',
  back: 'Conexão restabelecida.',
} as const;

export const LOAD_ERROR_TEXTS = {
  retry: 'Tentar novamente',
} as const;

export const STEP_UP_TEXTS = {
  title: 'Confirme sua identidade',
  withCode:
    'Por segurança, digite o código de 6 dígitos do seu aplicativo autenticador, ou uma das suas chaves de recuperação, para continuar.',
  withPassword: 'Por segurança, digite a sua senha para continuar.',
  code: 'Código do aplicativo ou chave de recuperação',
  password: 'Senha',
  confirm: 'Confirmar',
  cancel: 'Cancelar',
  loadFailed: 'Não foi possível preparar a confirmação.',
} as const;

export const NAV_TEXTS = {
  openMenu: 'Abrir menu',
  closeMenu: 'Fechar menu',
  skipToContent: 'Pular para o conteúdo',
  dashboard: 'Painel',
  plans: 'Planos',
  admin: 'Administração',
  signIn: 'Entrar',
  profile: 'Meus dados',
  twofa: 'Gerenciar 2FA',
  security: 'Segurança',
  privacy: 'Privacidade',
  switchAccount: 'Trocar conta',
  logout: 'Logout',
} as const;

/** §3 Audit block of the back-office edit pages. */
export const AUDIT_TEXTS = {
  section: 'Auditoria',
  id: 'ID',
  created: 'Criado em',
  modified: 'Modificado em',
} as const;

export const ROUTE_ERROR_TEXTS = { reload: 'Recarregar' } as const;

/** The date-interval picker (§2, §4). */
export const PERIOD_TEXTS = {
  label: 'Período',
  type: 'Tipo de período',
  month: 'Mês',
  year: 'Ano',
} as const;

/** A select's empty choice (§2). */
export const SELECT_PLACEHOLDER = 'Selecione';

export const ME_BACK_NAV_TEXTS = {
  resume: 'Prosseguir com o Login',
  backToSettings: 'Voltar às configurações',
  backToDashboard: 'Voltar ao painel',
} as const;

/**
 * §2 widgets: 'Atualizar' (disabled and spinning while loading), 'Adicionar', 'Salvar',
 * 'Excluir' (each can be hidden), and the delete dialog 'Excluir registro?'.
 */
export const CRUD_TEXTS = {
  refresh: 'Atualizar',
  add: 'Adicionar',
  save: 'Salvar',
  delete: 'Excluir',
  cancel: 'Cancelar',
  back: 'Voltar',
  deleteQuestion: 'Excluir registro?',
  search: 'Buscar',
  searchPlaceholder: 'Pesquisar',
  crudDataMissing: 'Implemente o metodo crud_data(), retornando o objeto de dados.',
  noRows: 'Nenhum registro encontrado.',
} as const;

export const FILE_PICKER_TEXTS = {
  chooseOne: 'Escolher arquivo',
  chooseMany: 'Escolher arquivos',
  none: 'Nenhum arquivo selecionado.',
} as const;

export const SELECT_TEXTS = {
  placeholder: 'Selecione',
  noResults: 'Nenhum resultado encontrado',
  searching: 'Buscando…',
  loadingMore: 'Carregando mais resultados…',
  failed: 'Não foi possível carregar os resultados.',
  clear: 'Limpar',
} as const;

/**
 * What each OpenID Connect scope releases to an application (decision 097): the consent screen
 * and 'Aplicativos conectados' say it the same way.
 */
export const OIDC_SCOPE_TEXTS = {
  openid: { name: 'Identificação', release: 'Saber quem você é (um identificador da sua conta)' },
  profile: { name: 'Nome', release: 'Seu nome e seu apelido' },
  email: { name: 'E-mail', release: 'Seu endereço de e-mail' },
  cliente: {
    name: 'Conta de cliente',
    release:
      'A conta de cliente que você escolher e o seu nível de acesso nela (razão social e CPF/CNPJ)',
  },
  offline_access: {
    name: 'Acesso contínuo',
    release:
      'Continuar acessando esses dados quando você não estiver usando o aplicativo, até você revogar o acesso',
  },
} as const;
