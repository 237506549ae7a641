import type { FATURA_VENCIMENTO_TIPOS, PlanChangeProof } from '#shared/schemas/admin';
import type { AuditBlock } from '#shared/schemas/crud';

/** Rows of the staff area's resources, as /api/admin/{table} answers them (schema.ts columns). */
export interface Produto extends AuditBlock {
  nome: string;
  url: string;
  logo_url: string | null;
  cadastro_usuario_inativo: boolean;
  cadastro_permitido: boolean;
  ativo: boolean;
  /** The due-date rule of its invoices (decision 102, shared/due-date.ts). */
  fatura_vencimento_tipo: FaturaVencimentoTipo;
  fatura_vencimento_valor: number;
  /** Issued invoices wait for a client manager's approval. */
  fatura_aprovacao: boolean;
}
type FaturaVencimentoTipo = (typeof FATURA_VENCIMENTO_TIPOS)[number];
export interface Plano extends AuditBlock {
  gl_produto_id: number;
  produto_nome: string;
  nome: string;
  nome_exibicao: string;
  usuario_ilimitado: boolean;
  usuario_qtde: number | null;
  dispositivo_qtde: number | null;
  flag_valor_condicao: boolean;
  flag_enviar_foto: boolean;
  descricao_exibicao: string | null;
  ordem: number;
  ativo: boolean;
}
export interface PlanoPagamento extends AuditBlock {
  gl_plano_id: number;
  cobranca_tipo: number;
  cobranca_tipo_desc: string;
  flag_gratuito: boolean;
  flag_promocao: boolean;
  valor: string;
  valor_promocional: string | null;
  /** Months of promotional price; null: while the contract stays on the option. */
  promocao_meses: number | null;
  ativo: boolean;
}
export interface Conta extends AuditBlock {
  nome: string;
  nome_exibicao: string;
  descricao_exibicao: string | null;
  ativo: boolean;
  pix_chave_tipo: string | null;
  pix_chave: string | null;
  pix_nome: string | null;
  pix_cidade: string | null;
  pix_chave_compartilhada: boolean;
  multa_percentual: string;
  juros_mensal_percentual: string;
  boleto_banco: string | null;
  boleto_agencia: string | null;
  boleto_agencia_dv: string | null;
  boleto_conta: string | null;
  boleto_conta_dv: string | null;
  boleto_carteira: string | null;
  boleto_convenio: string | null;
  beneficiario_nome: string | null;
  beneficiario_cpfcnpj: string | null;
  beneficiario_endereco: string | null;
  boleto_instrucoes: string | null;
  tem_webhook_segredo: boolean;
}
export interface Cliente extends AuditBlock {
  tipo_pessoa: number;
  cpfcnpj: string;
  razao_social: string;
  nome_fantasia: string | null;
  email: string | null;
  telefone_fixo: string | null;
  telefone_celular: string | null;
  end_cep: string | null;
  end_logradouro: string | null;
  end_numero: string | null;
  end_complemento: string | null;
  end_bairro: string | null;
  gl_cidade_id: number | null;
  cidade_nome: string | null;
  data_nascimento: string | null;
  fatura_token: string;
  fatura_lembrete: boolean;
  /** Another address for the invoice e-mails, besides the managers. */
  email_fatura: string | null;
}
export interface ClienteUsuario extends AuditBlock {
  gl_cliente_id: number;
  gl_usuario_id: number;
  nivel: number;
  usuario_nome: string;
  usuario_email: string;
}
export interface Usuario extends AuditBlock {
  nome: string;
  apelido: string | null;
  email: string;
  telefone_celular: string | null;
  nivel: number | null;
  ativo: boolean;
  twofa_ativo: boolean;
  senha_revalidar: boolean;
}
export interface Fatura extends AuditBlock {
  gl_cliente_id: number;
  cliente_razao_social: string;
  situacao: number;
  data_vencimento: string;
  datahora_confirmado: string | null;
  valor: string;
  servico_discriminacao: string | null;
  data_competencia: string | null;
  nf_numero: string | null;
  gl_contrato_id: number | null;
  /** 'manual' (typed by staff), 'recorrente' (the billing run), 'ajuste' (prorations); decision 102. */
  origem: FaturaOrigem;
  /** The payment account it is billed to, through its contract (issue 39); null for none. */
  conta: { id: number; nome_exibicao: string; pix_chave: string | null; tem_webhook_segredo: boolean } | null;
}
type FaturaOrigem = 'manual' | 'recorrente' | 'ajuste';
export interface FaturaItem extends AuditBlock {
  pg_fatura_id: number;
  codigo: string | null;
  descricao: string;
  unidade: string | null;
  qtde: string | null;
  valor: string | null;
}
export interface Nfse extends AuditBlock {
  pg_fatura_id: number;
  nf_numero: string;
  datahora_emissao: string;
  chave_acesso: string | null;
  url_visualizar: string | null;
  pdf_arquivo_id: number | null;
  xml_arquivo_id: number | null;
}
export interface Cidade extends AuditBlock {
  nome: string;
  gl_estado_id: number;
  estado_sigla: string;
}
export interface ContratoEvento extends AuditBlock {
  situacao: string;
  imediato: boolean;
  agendamento_data: string | null;
  cliente_razao_social: string;
  plano_nome_exibicao: string;
  cobranca_tipo_desc: string;
  conta_nome_exibicao: string | null;
  comprovantes: PlanChangeProof[];
}
export interface OidcCliente extends AuditBlock {
  gl_produto_id: number;
  nome: string;
  logo_url: string | null;
  client_id: string;
  confidencial: boolean;
  tem_segredo: boolean;
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  backchannel_logout_uri: string | null;
  /** The provider's own application: its sign-in asks no consent (decision 097). */
  primeira_parte: boolean;
  ativo: boolean;
}
export interface PixRecebimento extends AuditBlock {
  end_to_end_id: string;
  pg_conta_id: number;
  pg_fatura_id: number | null;
  txid: string | null;
  valor: string;
  datahora_pagamento: string;
  resultado: 'confirmada' | 'ja_paga' | 'valor_divergente' | 'fatura_desconhecida';
  conta_nome: string;
  cliente_nome: string | null;
}
export interface PrivacidadePedido extends AuditBlock {
  gl_usuario_id: number;
  usuario_nome: string;
  usuario_email: string;
  tipo: 'exportacao' | 'exclusao';
  situacao: string;
  datahora_agendado: string | null;
  datahora_expira: string | null;
  datahora_concluido: string | null;
  observacao: string | null;
}
export interface DocumentoVersao extends AuditBlock {
  documento: 'termos_uso' | 'politica_privacidade';
  versao: string;
  resumo: string | null;
  datahora_publicado: string;
}
/** An active contract, as Faturamento lists it (decision 102). Dates are 'YYYY-MM-DD'. */
export interface Contrato extends AuditBlock {
  gl_cliente_id: number;
  cliente_razao_social: string;
  plano_nome: string;
  cobranca_tipo_desc: string;
  valor: string;
  periodo_inicio: string;
  periodo_fim: string;
  /** The last day billed; null: nothing billed yet. */
  faturado_ate: string | null;
  /** The first day of the next period to bill. */
  proxima_competencia: string;
}
/** A billing run that did something (pg_faturamento_execucao). */
export interface FaturamentoExecucao extends AuditBlock {
  datahora_inicio: string;
  datahora_fim: string;
  faturas: number;
  valor_total: string;
  vencidas: number;
  erros: number;
  ultimo_erro: string | null;
  tipo: 'automatico' | 'manual';
}
/** The files' lists answer without their contents and modification times. */
export interface Remessa {
  id: number;
  datahora_criado: string;
  pg_conta_id: number;
  numero: number;
  quantidade: number;
  conta_nome: string;
}
export interface Retorno {
  id: number;
  datahora_criado: string;
  pg_conta_id: number;
  numero: number;
  nome_arquivo: string;
  registrados: number;
  liquidados: number;
  rejeitados: number;
  atencao: number;
  outras: number;
  conta_nome: string;
}
export interface RetornoOcorrencia extends AuditBlock {
  pg_retorno_id: number;
  pg_conta_id: number;
  pg_boleto_id: number | null;
  pg_fatura_id: number | null;
  linha: number;
  nosso_numero: string;
  movimento: string;
  motivos: string;
  descricao: string;
  valor_titulo: string | null;
  valor_pago: string | null;
  data_ocorrencia: string | null;
  data_credito: string | null;
  resultado: 'registrado' | 'liquidado' | 'rejeitado' | 'baixado' | 'ja_paga' | 'repetida' | 'desconhecido' | 'informativa';
  conta_nome: string;
  cliente_nome: string | null;
}
export interface ContratoCancelamento extends AuditBlock {
  gl_contrato_id: number;
  gl_cliente_id: number;
  protocolo: string;
  motivo: string;
  motivo_texto: string | null;
  imediato: boolean;
  arrependimento: boolean;
  acesso_ate: string;
  situacao: 'pendente' | 'efetivado' | 'desistido';
  cliente_razao_social: string;
  plano_nome: string;
}
export interface FaturaReembolso extends AuditBlock {
  pg_fatura_id: number;
  gl_contrato_cancelamento_id: number;
  valor: string;
  situacao: 'pendente' | 'reembolsado';
  protocolo: string;
  cliente_razao_social: string;
  data_vencimento: string;
}
