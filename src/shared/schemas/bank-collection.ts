/**
 * Administração → Cobrança bancária (issue 40): the wire shapes staff's screen reads.
 */

/** A payment account that issues boletos, with where its boletos stand. */
export interface CobrancaContaDto {
  id: number;
  nome_exibicao: string;
  banco: string;
  banco_nome: string;
  /** Made, not yet in any remessa file. */
  a_enviar: number;
  /** In a remessa, the bank has not confirmed them yet. */
  aguardando_banco: number;
  registrados: number;
  liquidados: number;
  rejeitados: number;
  ultima_remessa: { numero: number; datahora: string } | null;
  ultimo_retorno: { numero: number; datahora: string } | null;
}

/** The answer of a processed retorno: how many of its occurrences did what. */
export interface RetornoResumoDto {
  id: number;
  numero: number;
  registrados: number;
  liquidados: number;
  rejeitados: number;
  atencao: number;
  outras: number;
}

/** The answer of a made remessa. */
export interface RemessaFeitaDto {
  id: number;
  numero: number;
  quantidade: number;
  entradas: number;
  baixas: number;
  fileName: string;
}
