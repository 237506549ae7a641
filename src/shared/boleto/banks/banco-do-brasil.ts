import { onlyDigits, upToDigits, type BankAccountData, type BoletoBank } from './bank.ts';

/**
 * Banco do Brasil (001), convênio of 7 digits, carteiras 17 and 18 (BB's "Especificações técnicas
 * para confecção de boleto de cobrança", free field for convênios of 7 positions): the nosso
 * número is the convênio followed by a 10-digit sequence, with no check digit; the free field is
 * six zeros, those 17 digits and the carteira.
 */
export const bancoDoBrasil: BoletoBank = {
  code: '001',
  printedCode: '001-9',
  name: 'Banco do Brasil',
  maxSequence: 9_999_999_999,
  validate(account) {
    const errors: Record<string, string> = {};
    if (!onlyDigits(account.agencia, 4)) errors.agencia = 'Agência do Banco do Brasil: 4 dígitos.';
    if (!upToDigits(account.conta, 8)) errors.conta = 'Conta do Banco do Brasil: até 8 dígitos.';
    if (!onlyDigits(account.convenio, 7)) errors.convenio = 'Convênio do Banco do Brasil: 7 dígitos.';
    if (!['17', '18'].includes(account.carteira)) errors.carteira = 'Carteira do Banco do Brasil: 17 ou 18.';
    return errors;
  },
  nossoNumero(account, sequence) {
    const digits = `${account.convenio}${String(sequence).padStart(10, '0')}`;
    return { digits, printed: digits };
  },
  freeField(account, nossoNumero) {
    return `000000${nossoNumero}${account.carteira}`;
  },
  beneficiaryCode(account: BankAccountData) {
    const dv = (value: string | null) => (value ? `-${value}` : '');
    return `${account.agencia}${dv(account.agencia_dv)} / ${account.conta}${dv(account.conta_dv)}`;
  },
};
