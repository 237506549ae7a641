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

/**
 * The envelope's `code` (docs/decisions/003-error-contract.md): a stable, machine-readable name
 * for every failure, sent with the pt-BR message, so a caller acts on the kind of failure and
 * never compares texts. These are the codes every route may answer; a module adds codes of its
 * own for its refusals (e.g. 'invalid_credentials', 'reset_token_invalid').
 */
export const ERROR_CODES = {
  /** §8 'Sessão expirada.': the session ended; the SPA goes home after 3 s. */
  sessionExpired: 'session_expired',
  /** §8 'Usuário não logado.': a signed-in route without a session; the SPA goes home. */
  notLoggedIn: 'not_logged_in',
  /** The X-XSRF-TOKEN header is missing or is not this session's (decision 002). */
  csrf: 'csrf',
  /** A sensitive change needs a fresh proof (decision 011): the SPA asks and repeats the call. */
  stepUpRequired: 'reauth_required',
  passwordChangeRequired: 'password_change_required',
  /** 422: `errors` names the fields. */
  validation: 'validation',
  badRequest: 'bad_request',
  invalidJson: 'invalid_json',
  invalidMultipart: 'invalid_multipart',
  invalidUrl: 'invalid_url',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  tooManyRequests: 'too_many_requests',
  /** 503: the database is away, or the server is saturated; Retry-After says when to try again. */
  serviceUnavailable: 'service_unavailable',
  serverBusy: 'server_busy',
  serverError: 'server_error',
} as const;
