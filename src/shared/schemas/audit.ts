/**
 * The audit trail (issue 34, decision 099): what each recorded action is called on the wire and
 * in the back-office's Auditoria (its filters are AuditoriaFilterSchema in admin.ts).
 */

/** Every action the trail records, with the words Auditoria shows for it. */
export const AUDIT_ACTIONS = {
  criar: 'Criou',
  alterar: 'Alterou',
  excluir: 'Excluiu',
  sessoes_encerradas: 'Encerrou todas as sessões',
  twofa_resetado: 'Desativou o 2FA (equipe)',
  senha_revalidar: 'Exigiu nova senha no próximo login',
  nivel_alterado: 'Alterou o nível de acesso',
  cliente_selecionado: 'Selecionou um cliente',
  token_fatura_gerado: 'Gerou novo link de faturas',
  remessa_gerada: 'Gerou arquivo de remessa de boletos',
  retorno_processado: 'Processou arquivo de retorno do banco',
  pagamento_confirmado: 'Confirmou um pagamento',
  mudanca_plano_cancelada: 'Cancelou uma mudança de plano',
  faturamento_manual: 'Emitiu uma fatura (Emitir agora)',
  fatura_cancelada: 'Cancelou uma fatura',
  assinatura_cancelada: 'Pediu o cancelamento da assinatura',
  cancelamento_desfeito: 'Desistiu do cancelamento da assinatura',
  assinatura_encerrada: 'Encerrou a assinatura cancelada (fim do período)',
  reembolso_feito: 'Marcou um reembolso como feito',
  dados_empresa_alterados: 'Alterou os dados da empresa',
  convite_enviado: 'Convidou uma pessoa para a conta',
  convite_cancelado: 'Cancelou um convite para a conta',
  convite_aceito: 'Aceitou um convite para a conta',
  pessoa_removida: 'Removeu uma pessoa da conta',
  segredo_aplicativo_gerado: 'Gerou segredo de aplicativo',
  segredo_webhook_pix_gerado: 'Gerou segredo do webhook PIX',
  senha_alterada: 'Alterou a própria senha',
  senha_redefinida: 'Redefiniu a senha pelo e-mail',
  twofa_ativado: 'Ativou o 2FA',
  twofa_desativado: 'Desativou o 2FA',
  chaves_recuperacao_geradas: 'Gerou chaves de recuperação',
  chave_acesso_adicionada: 'Adicionou uma chave de acesso',
  chave_acesso_removida: 'Removeu uma chave de acesso',
  chaves_acesso_removidas_na_recuperacao: 'Chaves de acesso removidas com a troca de senha',
  aplicativo_autorizado: 'Autorizou um aplicativo',
  aplicativo_revogado: 'Revogou o acesso de um aplicativo',
  lgpd_exportacao_pedida: 'Pediu a exportação dos dados (LGPD)',
  lgpd_exclusao_pedida: 'Pediu a exclusão da conta (LGPD)',
  lgpd_exclusao_cancelada: 'Cancelou a exclusão da conta (LGPD)',
  lgpd_exclusao_concluida: 'Conta excluída (LGPD)',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** One row of Auditoria's list, as the API sends it. */
export interface AuditoriaRow {
  id: number;
  datahora: string;
  gl_usuario_id: number | null;
  usuario_nome: string | null;
  alvo_usuario_id: number | null;
  alvo_nome: string | null;
  acao: AuditAction;
  recurso: string;
  recurso_id: string | null;
  campos: string[];
  detalhes: Record<string, unknown> | null;
  ip: string | null;
}
