import { mod11Sum } from '../febraban.ts';
import { onlyDigits, upToDigits, type BoletoBank } from './bank.ts';

/**
 * Bradesco (237), as its "Manual Operacional para Boleto de Cobrança" lays the free field out:
 * agência (4), carteira (2), nosso número (11), conta (7), a zero. The nosso número is printed as
 * carteira/número-dígito, the digit modulo 11 with weights 2 to 7 over carteira and número,
 * 'P' where the remainder is 1 and 0 where it is 0 (the manual's example: 19/00000000002-8).
 */
function nossoNumeroDigit(carteira: string, numero: string): string {
  const remainder = mod11Sum(`${carteira}${numero}`, 7) % 11;
  if (remainder === 0) return '0';
  if (remainder === 1) return 'P';
  return String(11 - remainder);
}

export const bradesco: BoletoBank = {
  code: '237',
  printedCode: '237-2',
  name: 'Bradesco',
  maxSequence: 99_999_999_999,
  validate(account) {
    const errors: Record<string, string> = {};
    if (!onlyDigits(account.agencia, 4)) errors.agencia = 'Agência do Bradesco: 4 dígitos.';
    if (!upToDigits(account.conta, 7)) errors.conta = 'Conta do Bradesco: até 7 dígitos.';
    if (!onlyDigits(account.carteira, 2)) errors.carteira = 'Carteira do Bradesco: 2 dígitos (09, por exemplo).';
    if (!upToDigits(account.convenio, 7)) errors.convenio = 'Código do beneficiário no Bradesco: até 7 dígitos.';
    return errors;
  },
  nossoNumero(account, sequence) {
    const digits = String(sequence).padStart(11, '0');
    return { digits, printed: `${account.carteira}/${digits}-${nossoNumeroDigit(account.carteira, digits)}` };
  },
  freeField(account, nossoNumero) {
    return `${account.agencia}${account.carteira}${nossoNumero}${account.conta.padStart(7, '0')}0`;
  },
  beneficiaryCode(account) {
    const dv = (value: string | null) => (value ? `-${value}` : '');
    return `${account.agencia}${dv(account.agencia_dv)} / ${account.conta.padStart(7, '0')}${dv(account.conta_dv)}`;
  },
};

export { nossoNumeroDigit as bradescoNossoNumeroDigit };
