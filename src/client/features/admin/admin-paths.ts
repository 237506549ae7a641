/**
 * Paths of the staff area, under the one lazy route /admin/* (src/client/routes.tsx), so this
 * table and the screens stay out of the entry chunk. Screen paths are our design (§2 shows the
 * generic pages, not their routes); API bases are /api/admin/{table} (decision 031).
 */
const ADMIN_BASE = '/admin';

export const adminPath = (...parts: (string | number)[]) => [ADMIN_BASE, ...parts].join('/');

export const API = {
  produto: '/api/admin/gl_produto',
  plano: '/api/admin/gl_plano',
  planoPagamento: '/api/admin/gl_plano_pagamento',
  conta: '/api/admin/pg_conta',
  cliente: '/api/admin/gl_cliente',
  clienteUsuario: '/api/admin/gl_cliente_usuario',
  usuario: '/api/admin/gl_usuario',
  fatura: '/api/admin/pg_fatura',
  faturaItem: '/api/admin/pg_fatura_item',
  nfse: '/api/admin/pg_nfse',
  cidade: '/api/admin/gl_cidade',
  contratoEvento: '/api/admin/gl_contrato_evento',
  oidcCliente: '/api/admin/gl_oidc_cliente',
  privacidadePedido: '/api/admin/gl_privacidade_pedido',
  pixRecebimento: '/api/admin/pg_pix_recebimento',
  documentoVersao: '/api/admin/gl_documento_versao',
  auditoria: '/api/admin/gl_auditoria',
  contrato: '/api/admin/gl_contrato',
  faturamentoExecucao: '/api/admin/pg_faturamento_execucao',
  faturamentoPrevisao: '/api/admin/faturamento/previsao',
  cobrancaContas: '/api/admin/cobranca_bancaria/contas',
  remessa: '/api/admin/pg_remessa',
  retorno: '/api/admin/pg_retorno',
  retornoOcorrencia: '/api/admin/pg_retorno_ocorrencia',
  cancelamento: '/api/admin/gl_contrato_cancelamento',
  cancelamentoResumo: '/api/admin/cancelamentos/resumo',
  reembolso: '/api/admin/pg_fatura_reembolso',
} as const;

/** A route's id parameter: 'novo' (new) is null. */
export function routeId(raw: string | undefined): number | null {
  if (!raw || raw === 'novo') return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}
