/**
 * Texts a person reads that more than one module shows. Texts given by the specification are
 * quoted to the letter, with the section they come from.
 */
export const MESSAGES = {
  // §8 error catalogue
  sessionExpired: 'Sessão expirada.',
  sessionExpiredRedirect: 'Sessão expirada! Aguarde, você será redirecionado...',
  sessionChanged: 'Usuário ou cliente alterados na sessão.',
  notLoggedIn: 'Usuário não logado.',
  notLoggedInProduct: 'Usuário não logado no produto.',
  missingResponse: 'Objeto de resposta "undefined|null". Verificar axios.',
  internalError: 'Esta mensagem é um erro interno, por favor informe a administração do sistema.',
  pageError: 'Erro na página, tente recarregar seu navegador.',
  // §2 not-found page
  notFound: 'Ops... a página que você procura não existe ou foi movida de lugar.',
  notFoundLink: '› Ir para home',
  // Our own wording where the specification shows none (docs/decisions/003-error-contract.md)
  apiNotFound: 'Recurso não encontrado.',
  csrfInvalid: 'Sua sessão de segurança expirou. Recarregue a página e tente novamente.',
  invalidJson: 'O corpo da requisição não é um JSON válido.',
  validationFailed: 'Verifique os campos destacados.',
  tooManyRequests: 'Muitas tentativas. Aguarde um momento e tente novamente.',
  forbidden: 'Você não tem permissão para esta ação.',
  payloadTooLarge: 'O conteúdo enviado é grande demais.',
  unsupportedMediaType: 'Tipo de conteúdo não suportado.',
  serverError: 'Ocorreu um erro inesperado. Tente novamente em instantes.',
  /** 503: the database is away for a moment (restart, failover); docs/decisions/033-faults.md. */
  serviceUnavailable: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  invalidMultipart: 'O formulário enviado está incompleto ou malformado. Envie-o novamente.',
  invalidUrl: 'Endereço inválido.',
  requiredField: 'Campo obrigatório.',
  invalidType: 'Valor em formato inválido.',
  /** A sensitive change needs a fresh proof (docs/decisions/011-two-factor.md). */
  stepUpRequired: 'Por segurança, confirme sua identidade para continuar.',
  /** A session whose password must be replaced first (conta_criar_senha, §4). */
  passwordChangeRequired: 'Defina uma nova senha para continuar.',
} as const;

/** Stable codes the client acts on (the envelope's `code`, docs/decisions/003-error-contract.md). */
export const ERROR_CODES = {
  stepUpRequired: 'reauth_required',
  passwordChangeRequired: 'password_change_required',
} as const;
