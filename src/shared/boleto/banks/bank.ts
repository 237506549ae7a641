/**
 * What a bank adds to the FEBRABAN boleto (decision 112): its 25-digit free field, how it numbers
 * a boleto (the nosso número) and prints it, and which account data it needs. One file per bank
 * behind this interface; a third bank is one file more and a line in banks/index.ts.
 */

/** The bank data of a payment account (pg_conta), as staff typed it: digits only. */
export interface BankAccountData {
  agencia: string;
  agencia_dv: string | null;
  conta: string;
  conta_dv: string | null;
  carteira: string;
  /** The beneficiary's agreement code with the bank (convênio / código do beneficiário). */
  convenio: string;
}

export interface BoletoBank {
  /** FEBRABAN's bank code, '001'. */
  code: string;
  /** With its check digit, as the boleto's header prints it: '001-9'. */
  printedCode: string;
  name: string;
  /** The largest sequence a nosso número can hold for this bank. */
  maxSequence: number;
  /** pt-BR field errors of the account's bank data; empty when it can issue boletos. */
  validate(account: BankAccountData): Record<string, string>;
  /** The `sequence`-th boleto's nosso número: the digits the free field holds, and as printed. */
  nossoNumero(account: BankAccountData, sequence: number): { digits: string; printed: string };
  /** The 25-digit free field of the barcode. */
  freeField(account: BankAccountData, nossoNumero: string): string;
  /** 'Agência / Código do beneficiário' as the boleto prints it. */
  beneficiaryCode(account: BankAccountData): string;
}

export const onlyDigits = (value: string, length: number) => new RegExp(`^\\d{${length}}$`).test(value);
export const upToDigits = (value: string, length: number) => new RegExp(`^\\d{1,${length}}$`).test(value);
