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
  requiredField: 'Campo obrigatório.',
  invalidType: 'Valor em formato inválido.',
  badUrl: 'Endereço inválido.',
} as const;
