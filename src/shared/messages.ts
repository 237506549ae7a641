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
  /** 507: the server's disk is full or read-only (issue 36 item 3): an upload, or any write. */
  storageFull: 'Não há espaço para salvar o arquivo agora; tente mais tarde.',
  databaseFull: 'Não há espaço para salvar os dados agora; tente mais tarde.',
  /** 503: a query ran past its time limit or waited too long for a lock (decision 103). */
  queryTimeout: 'O servidor está demorando mais que o normal para responder. Tente novamente em instantes.',
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
  queryTimeout: 'query_timeout',
  storageFull: 'storage_full',
  serverError: 'server_error',
} as const;

/** §5 New password (account flow): its own wording for the minimum. */
export const NEW_PASSWORD_MIN_MESSAGE = 'senha precisa ter no mínimo de 6 digitos';

export const NEW_PASSWORD_MISMATCH_MESSAGE = 'Senha informada não é igual a anterior';

/** Texts of the account calls. */
export const CONTA_MESSAGES = {
  // §8, to the letter:
  recoverSent: 'As instruções para recuperar sua senha foram enviadas para seu e-mail.',
  passwordChanged: 'Senha alterada com sucesso!',
  alreadyRegistered: 'Você já possui uma conta neste e-mail. Digite sua senha para continuar.',
  // §2, worded with the provider's name:
  passwordPrompt: (providerName: string) =>
    `Percebemos que você já possui uma conta ${providerName}, digite sua senha para continuar.`,
  // Ours, where the specification shows none:
  accountCreated: 'Conta criada! Enviamos uma senha temporária para o seu e-mail.',
  documentTaken: 'Já existe uma conta com este CPF/CNPJ. Peça acesso a quem administra essa conta.',
  signUpNotAllowed: 'Este produto não permite criar contas por aqui.',
  wrongPassword: 'Senha inválida.',
  passwordAlreadySet: 'Sua senha já foi definida. Para trocá-la, use Meus dados.',
  sameAsTemporary: 'Escolha uma senha diferente da senha temporária.',
  resetLinkInvalid:
    'Este link de recuperação é inválido, expirou ou já foi usado. Peça um novo link.',
} as const;

/** Texts of the profile calls. */
export const USUARIO_MESSAGES = {
  // §8:
  passwordChanged: 'Senha alterada com sucesso!',
  // Ours (§8: profile save wording not shown):
  profileUpdated: 'Dados atualizados com sucesso!',
  wrongCurrentPassword: 'Senha atual incorreta.',
} as const;

/** §5 Profile password change: client-side checks, in this order. */
export const PROFILE_PASSWORD_MESSAGES = {
  currentBlank: 'Senha atual em branco',
  newBlank: 'Senha nova em branco',
  length: 'A senha deve conter entre 6 e 32 caracteres',
  confirmBlank: 'Confirme sua senha',
  mismatch: 'As senhas são diferentes',
} as const;

/** §5: the CEP field's message, shared by its schema (fields.ts) and the plan form's notices. */
export const CEP_INVALID_MESSAGE = 'Preencha um CEP válido.';
