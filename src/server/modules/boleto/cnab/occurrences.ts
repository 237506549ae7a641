/**
 * The words of a retorno's occurrences (FEBRABAN CNAB 240 cobrança, v10.x: the "código de
 * movimento retorno" list, and the reasons of a rejection, the layout's table A of its
 * "motivo da ocorrência"), written in our own pt-BR. A code the tables do not name is shown as
 * its number, so staff can look it up in the bank's manual.
 */

const MOVIMENTOS: Record<string, string> = {
  '02': 'Entrada confirmada',
  '03': 'Entrada rejeitada',
  '04': 'Transferência de carteira (entrada)',
  '05': 'Transferência de carteira (baixa)',
  '06': 'Liquidação',
  '07': 'Desconto confirmado',
  '08': 'Cancelamento de desconto confirmado',
  '09': 'Baixa',
  '11': 'Título em carteira',
  '12': 'Abatimento confirmado',
  '13': 'Cancelamento de abatimento confirmado',
  '14': 'Alteração de vencimento confirmada',
  '15': 'Franco de pagamento',
  '17': 'Liquidação após baixa ou de título não registrado',
  '19': 'Instrução de protesto confirmada',
  '20': 'Sustação de protesto confirmada',
  '23': 'Título enviado a cartório',
  '24': 'Retirado de cartório e mantido em carteira',
  '25': 'Protestado e baixado',
  '26': 'Instrução rejeitada',
  '27': 'Alteração de dados confirmada',
  '28': 'Débito de tarifas ou custas',
  '29': 'Ocorrência do pagador',
  '30': 'Alteração de dados rejeitada',
};

/** Reasons of a rejected entry or instruction ('03', '26', '30'). */
const REJECTION_REASONS: Record<string, string> = {
  '01': 'código do banco inválido',
  '02': 'código do registro detalhe inválido',
  '03': 'código do segmento inválido',
  '04': 'código de movimento não permitido para a carteira',
  '05': 'código de movimento inválido',
  '06': 'inscrição do beneficiário inválida',
  '07': 'agência, conta ou dígito inválidos',
  '08': 'nosso número inválido',
  '09': 'nosso número duplicado',
  '10': 'carteira inválida',
  '11': 'forma de cadastramento inválida',
  '12': 'tipo de documento inválido',
  '13': 'emissão do boleto inválida',
  '14': 'distribuição do boleto inválida',
  '15': 'características da cobrança incompatíveis',
  '16': 'data de vencimento inválida',
  '17': 'vencimento anterior à emissão',
  '18': 'vencimento fora do prazo de operação',
  '20': 'valor do título inválido',
  '21': 'espécie do título inválida',
  '22': 'espécie não permitida para a carteira',
  '23': 'aceite inválido',
  '24': 'data de emissão inválida',
  '25': 'emissão posterior à data de entrada',
  '26': 'código de juros de mora inválido',
  '27': 'valor ou taxa de juros de mora inválido',
  '28': 'código do desconto inválido',
  '29': 'desconto maior ou igual ao valor do título',
  '44': 'código da moeda inválido',
  '45': 'nome do pagador não informado',
  '46': 'inscrição do pagador inválida',
  '47': 'endereço do pagador não informado',
  '48': 'CEP inválido',
  '49': 'CEP sem praça de cobrança',
  '52': 'UF inválida',
  '57': 'código da multa inválido',
  '58': 'data da multa inválida',
  '59': 'valor ou percentual da multa inválido',
};

const REJECTIONS = new Set(['03', '26', '30']);

/** The movement in words, and for a rejection its reasons: 'Entrada rejeitada: CEP inválido'. */
export function describeOccurrence(movimento: string, motivos: readonly string[]): string {
  const name = MOVIMENTOS[movimento] ?? `Ocorrência ${movimento}`;
  const reasons = motivos.filter((code) => code !== '00');
  if (reasons.length === 0) return name;
  const words = REJECTIONS.has(movimento)
    ? reasons.map((code) => REJECTION_REASONS[code] ?? `motivo ${code}`)
    : reasons.map((code) => `motivo ${code}`);
  return `${name}: ${words.join('; ')}`;
}
