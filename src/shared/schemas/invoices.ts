/**
 * Invoices and NFS-e as the API hands them out (§3 Invoice, Invoice item, NFS-e, Client; §7
 * GET /api/pg_fatura/cliente/{token}[/{id}]). Shared so the server builds and the screens read
 * the same shapes. Money and quantities are decimal strings ('149.90'), never floats.
 */

/** §4 Invoice situacao: the codes the screens know; others may exist ("not shown"). */
export const SITUACAO = {
  /** Open, not yet closed for issue: staff may save it (the back-office's 'Aberta'). */
  aberta: 1,
  /** Held for the approval of a client's manager (decision 102). */
  aguardandoAprovacao: 4,
  fechada: 5,
  paga: 6,
  vencida: 8,
  /** Cancelled by staff (a correction is a cancellation plus a new invoice); never deleted. */
  cancelada: 9,
} as const;

/** §2, §9: the filter badges of the invoice list, in order; null is 'Todas'. */
export const SITUACAO_FILTROS: readonly { situacao: number | null; label: string }[] = [
  { situacao: null, label: 'Todas' },
  { situacao: SITUACAO.fechada, label: 'Fechada/Emitida' },
  { situacao: SITUACAO.paga, label: 'Paga' },
  { situacao: SITUACAO.vencida, label: 'Vencida' },
];

/** situacao_desc: the pt-BR name of a code (§2 tooltip). */
export function situacaoDesc(situacao: number): string {
  switch (situacao) {
    case SITUACAO.fechada:
      return 'Fechada/Emitida';
    case SITUACAO.paga:
      return 'Paga';
    case SITUACAO.vencida:
      return 'Vencida';
    case SITUACAO.aberta:
      return 'Aberta';
    case SITUACAO.aguardandoAprovacao:
      return 'Aguardando aprovação';
    case SITUACAO.cancelada:
      return 'Cancelada';
    default:
      return `Situação ${situacao}`;
  }
}

/** situacao_icon_class: the CSS class the SPA draws the icon with (no icon font is shipped). */
export function situacaoIconClass(situacao: number): string {
  switch (situacao) {
    case SITUACAO.fechada:
      return 'situacao-fechada';
    case SITUACAO.paga:
      return 'situacao-paga';
    case SITUACAO.vencida:
      return 'situacao-vencida';
    case SITUACAO.cancelada:
      return 'situacao-cancelada';
    case SITUACAO.aberta:
      return 'situacao-aberta';
    case SITUACAO.aguardandoAprovacao:
      return 'situacao-aguardando';
    default:
      return 'situacao-outra';
  }
}

/**
 * Shape of an invoice token in a path: base64url, 32 to 100 characters (ours are 43, 256 bits;
 * Fastify refuses longer path parameters with 414).
 * Anything else cannot name a client, so neither side spends a lookup on it.
 */
export const FATURA_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,100}$/;

/** §3 NFS-e. */
export interface NfseDto {
  nf_numero: string;
  /** ISO 8601 instant (UTC). */
  datahora_emissao: string;
  /** The national access key (50 digits), when the note has one. */
  chave_acesso: string | null;
  has_pdf: boolean;
  /** The portal's own download URL, under the client's token; null without a PDF. */
  pdf_url_download: string | null;
  has_url_visualizar: boolean;
  /** The city hall's page of the note, or the national public consultation built from the key. */
  url_visualizar: string | null;
}

/** §3 Invoice item. `valor` is the line's total. */
export interface FaturaItemDto {
  id: number;
  codigo: string | null;
  descricao: string;
  unidade: string | null;
  /** Decimal string without trailing zeros ('1.5'); null when missing. */
  qtde: string | null;
  valor: string | null;
}

/** §3 Invoice, as listed (items only in the detail). */
export interface FaturaDto {
  id: number;
  situacao: number;
  situacao_icon_class: string;
  situacao_desc: string;
  /** The due date, 'YYYY-MM-DD'. */
  data_vencimento_calculado: string;
  /** When it was paid, ISO 8601 instant; null while unpaid. */
  datahora_confirmado_calculado: string | null;
  valor: string;
  /** The service description, or one built from the items when it is empty. */
  servico_discriminacao_calculado: string | null;
  nfse: NfseDto | null;
  /**
   * Ours (issue 39, decision 110): an overdue invoice's amount with its account's fine and
   * interest to today (São Paulo); null when it is not overdue or its account charges none.
   */
  valor_atualizado: string | null;
  /** Ours (issue 40): an unpaid invoice of an account that issues boletos offers 'Boleto'. */
  boleto: boolean;
}

/** GET /api/pg_fatura/cliente/{token}/{id}/boleto (issue 40): the boleto, once the bank registered it. */
export interface FaturaBoletoDto {
  id: number;
  /** em_registro: made, not yet confirmed by the bank; registrado: payable; others: not payable. */
  situacao: 'em_registro' | 'registrado' | 'liquidado' | 'baixa_pedida' | 'baixado' | 'rejeitado';
  banco: string;
  valor: string;
  data_vencimento: string;
  nosso_numero: string;
  /** Formatted, only when payable (registrado). */
  linha_digitavel: string | null;
  pdf_url: string | null;
}

/** §3 Invoice with its items: GET /api/pg_fatura/cliente/{token}/{id}. */
export interface FaturaDetalheDto extends FaturaDto {
  itens: FaturaItemDto[];
}

/** §3 Client, as the invoice list names it. cpfcnpj is stored without mask. */
export interface FaturaClienteDto {
  razao_social: string;
  cpfcnpj: string;
}

/** GET /api/pg_fatura/cliente/{token}: newest first. */
export interface FaturaListDto {
  faturaList: FaturaDto[];
  cliente: FaturaClienteDto;
}

/** GET /api/pg_fatura/cliente/{token}/pix: the invoices the list offers to pay by PIX (issue 20). */
export interface FaturaPixListDto {
  faturas: number[];
}

/** GET /api/pg_fatura/cliente/{token}/{id}/pix: what the 'Pagar com PIX' modal shows. */
export interface FaturaPixDto {
  id: number;
  /** What to pay today: '149.90', with the late charges of an overdue invoice (issue 39). */
  valor: string;
  /** The invoice's own amount when `valor` adds late charges; else null. */
  valor_original: string | null;
  /** 'YYYY-MM-DD' */
  data_vencimento: string;
  /** The BR Code, which the QR code holds. */
  copia_e_cola: string;
  /** The QR code as an SVG data URL. */
  qr_code: string;
}

export const INVOICE_MESSAGES = {
  paid: 'Pagamento registrado; o recibo foi enviado aos gerentes do cliente.',
  notPayable: 'Esta fatura não está aberta nem vencida: nada foi alterado.',
} as const;
