/**
 * Texts of the invoice screens (§2 fatura, §6): one catalogue per feature (docs/architecture.md,
 * Texts).
 */

export const DETAILS_TITLE = 'Detalhes da Fatura';

export const ITEMS_LABEL = 'Itens da fatura';

/** §2 item table columns; each cell carries its header for the stacked layout of a phone. */
export const ITEM_COLUMNS = {
  codigo: 'Código',
  descricao: 'Descrição',
  unidade: 'Unidade',
  qtde: 'Qtde.',
  valor: 'Valor',
} as const;

/** §2 columns; each cell carries its header for the stacked layout of a phone. */
export const COLUMNS = {
  vencimento: 'Vencimento',
  pagoEm: 'Pago em',
  valor: 'Valor (R$)',
  nfse: 'NFS-e',
  emissao: 'Emissão da NFS-e',
  situacao: 'Situação',
  acoes: 'Ações',
} as const;

export const INVOICES_LABEL = 'Faturas';

/** Issue 39: the situação in words beside the §2 icon; an overdue one says for how long. */
export const STATUS_WORDS = {
  emAberto: 'Em aberto',
  vencida: (days: number) => (days < 1 ? 'Vencida' : `Vencida há ${days} ${days === 1 ? 'dia' : 'dias'}`),
} as const;

/** The billing history's spreadsheet (issue 39): its columns, and the list's button. */
export const CSV_COLUMNS = {
  vencimento: 'Vencimento',
  pagoEm: 'Pago em',
  valor: 'Valor (R$)',
  situacao: 'Situação',
  nfse: 'NFS-e',
  emissao: 'Emissão da NFS-e',
  descricao: 'Descrição',
} as const;

export const EXPORT_CSV_LABEL = 'Exportar (CSV)';

/** Ações, labelled (issue 39); a disabled one says why in its tooltip. */
export const NFSE_ACTIONS = {
  view: 'Ver NFS-e',
  viewHint: 'Visualizar NFS-e na prefeitura',
  pdf: 'NFS-e (PDF)',
  pdfHint: 'Baixar PDF da NFS-e',
  notIssued: 'NFS-e ainda não emitida',
  noViewLink: 'A prefeitura não informou um link para esta NFS-e',
  noPdf: 'O PDF desta NFS-e não está disponível',
} as const;

/** The invoice itself as a PDF (issue 39). */
export const INVOICE_PDF = {
  label: 'Fatura (PDF)',
  hint: 'Baixar a fatura em PDF',
} as const;

export const ISSUED_TEXT = 'A fatura será emitida em alguns minutos e enviada para o seu e-mail.';

export const CLOSE_HINT = 'Você já pode fechar esta janela.';

export const NOT_FOUND_TEXT =
  'Não encontramos faturas para este endereço. Confira o link que você recebeu.';

export const EMPTY_TEXT = 'Nenhuma fatura encontrada.';

/** The list's and the details' other texts (§2). */
export const INVOICES_TEXTS = {
  title: 'Faturas',
  filterBySituation: 'Filtrar por situação',
  /** Issue 39: the issued invoices not paid yet (closed and overdue), above the table. */
  openTotal: (amount: string) => `Total em aberto: ${amount}`,
  dueDate: 'Vencimento',
  paidAt: 'Pago em',
  total: 'Valor total',
  /** Issue 39: an overdue invoice with its account's fine and interest to today. */
  updatedToday: 'Valor atualizado hoje',
  updatedShort: (amount: string) => `atualizado: ${amount}`,
  gone: 'Esta fatura não está mais disponível.',
  print: 'Imprimir',
  printedFor: (cliente: string) => `Cliente: ${cliente}`,
  services: 'Descrição dos Serviços',
  issuedTitle: 'Fatura autorizada!',
  approvalFailedTitle: 'Aprovação da fatura',
  approvalInvalid: 'Este link de aprovação já foi usado ou não existe. Se a fatura já foi aprovada, ela chegará por e-mail.',
  approvalFailed: 'Não foi possível aprovar a fatura agora.',
  ok: 'OK',
  toLogin: 'Ir para o login',
} as const;

/** 'Pagar com PIX' (issue 20). */
export const PIX_TEXTS = {
  /** Issue 39: the list's main action, labelled as the Painel's. */
  action: 'Pagar',
  title: 'Pagar com PIX',
  amount: 'Valor',
  originalAmount: 'Valor original',
  updatedAmount: 'Valor atualizado hoje (multa e juros)',
  dueDate: 'Vencimento',
  qrAlt: 'QR Code PIX desta fatura',
  copyPaste: 'PIX copia e cola',
  copy: 'Copiar código',
  copied: 'Código PIX copiado.',
  copyFailed: 'Não foi possível copiar; selecione o código e copie.',
  loadFailed: 'Não foi possível preparar o PIX desta fatura.',
  paid: 'Pagamento confirmado. Obrigado! A fatura já aparece como paga.',
  afterPaying:
    'Pague pelo aplicativo do seu banco: leia o QR Code ou cole o código. A fatura aparece como paga assim que o pagamento for confirmado.',
} as const;

/** The boleto of an invoice (issue 40). */
export const BOLETO_TEXTS = {
  action: 'Boleto',
  title: 'Boleto',
  bank: 'Banco',
  amount: 'Valor',
  dueDate: 'Vencimento',
  nossoNumero: 'Nosso número',
  registering: 'Boleto em registro no banco.',
  registeringHint: 'Ele fica disponível para pagamento assim que o banco confirmar o registro, em geral no próximo dia útil. Se preferir, pague agora com PIX.',
  notPayable: 'Este boleto não está mais disponível para pagamento.',
  linha: 'Linha digitável',
  copy: 'Copiar linha digitável',
  copied: 'Linha digitável copiada.',
  copyFailed: 'Não foi possível copiar; selecione a linha e copie.',
  download: 'Baixar boleto (PDF)',
  loadFailed: 'Não foi possível carregar o boleto desta fatura.',
} as const;
