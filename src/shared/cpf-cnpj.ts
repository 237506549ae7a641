/**
 * CPF and CNPJ validation, normalisation and display (§5), including the alphanumeric CNPJ of
 * IN RFB 2.229/2024.
 *
 * Only the check-digit arithmetic comes from cpf-cnpj-validator (it matched every vector in
 * cpf-cnpj.test.ts). Its `isValid` is not used: it also rejects 123.456.789-09, a CPF that §5
 * accepts, and its loose mode accepts shapes that §5 refuses. The shape rules below are ours.
 */
import { cnpj as cnpjDigits, cpf as cpfDigits } from 'cpf-cnpj-validator';

/** §5 rule names; "-num" means the bare characters only, no punctuation. */
export type DocumentRule = 'cpf' | 'cpf-num' | 'cnpj' | 'cnpj-num' | 'cpfcnpj' | 'cpfcnpj-num';

export const DOCUMENT_RULES: readonly DocumentRule[] = [
  'cpf',
  'cpf-num',
  'cnpj',
  'cnpj-num',
  'cpfcnpj',
  'cpfcnpj-num',
];

export type DocumentKind = 'cpf' | 'cnpj';

// §5 messages, to the letter.
export const CPF_INVALID_MESSAGE = 'Digite um CPF válido';
export const CNPJ_INVALID_MESSAGE = 'Digite um CNPJ válido';
export const CPF_CNPJ_INVALID_MESSAGE = 'Digite um CPF ou CNPJ válido';
/** §5 Plan signup writes the same message with a final period. */
export const CPF_CNPJ_INVALID_MESSAGE_PLAN = 'Digite um CPF ou CNPJ válido.';

export const DOCUMENT_RULE_MESSAGES: Readonly<Record<DocumentRule, string>> = {
  cpf: CPF_INVALID_MESSAGE,
  'cpf-num': CPF_INVALID_MESSAGE,
  cnpj: CNPJ_INVALID_MESSAGE,
  'cnpj-num': CNPJ_INVALID_MESSAGE,
  cpfcnpj: CPF_CNPJ_INVALID_MESSAGE,
  'cpfcnpj-num': CPF_CNPJ_INVALID_MESSAGE,
};

const CPF_BARE = /^\d{11}$/;
const CPF_MASKED = /^\d{3}\.\d{3}\.\d{3}-\d{2}$/;
// IN RFB 2.229/2024: the first 12 positions may be letters, the two check digits stay numeric.
const CNPJ_BARE = /^[0-9A-Z]{12}\d{2}$/i;
const CNPJ_MASKED = /^[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}$/i;
const ALL_SAME = /^(.)\1*$/;

/** Strips every character that is not a letter or digit and upper-cases: the stored form. */
export function normalizeDocument(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
}

function cpfChecksumOk(digits: string): boolean {
  if (!CPF_BARE.test(digits) || ALL_SAME.test(digits)) return false;
  const first = cpfDigits.verifierDigit(digits.slice(0, 9));
  const second = cpfDigits.verifierDigit(digits.slice(0, 9) + String(first));
  return digits.slice(9) === `${first}${second}`;
}

// `chars` must already be upper-case: letters are valued by ASCII code minus 48
// (IN RFB 2.229/2024), so 'a' would count as 49 instead of 'A' = 17.
function cnpjChecksumOk(chars: string): boolean {
  if (!CNPJ_BARE.test(chars) || ALL_SAME.test(chars)) return false;
  const first = cnpjDigits.verifierDigit(chars.slice(0, 12));
  const second = cnpjDigits.verifierDigit(chars.slice(0, 12) + String(first));
  return chars.slice(12) === `${first}${second}`;
}

function cpfByRule(value: string, bareOnly: boolean): boolean {
  const shapeOk = CPF_BARE.test(value) || (!bareOnly && CPF_MASKED.test(value));
  return shapeOk && cpfChecksumOk(normalizeDocument(value));
}

function cnpjByRule(value: string, bareOnly: boolean): boolean {
  const shapeOk = CNPJ_BARE.test(value) || (!bareOnly && CNPJ_MASKED.test(value));
  return shapeOk && cnpjChecksumOk(normalizeDocument(value));
}

/**
 * Applies one of the §5 rules. Plain rules take the bare characters or the exact mask and
 * nothing else (no spaces, no other separators); "-num" rules take the bare characters only.
 */
export function validateDocument(rule: DocumentRule, value: string): boolean {
  switch (rule) {
    case 'cpf':
      return cpfByRule(value, false);
    case 'cpf-num':
      return cpfByRule(value, true);
    case 'cnpj':
      return cnpjByRule(value, false);
    case 'cnpj-num':
      return cnpjByRule(value, true);
    case 'cpfcnpj':
      return cpfByRule(value, false) || cnpjByRule(value, false);
    case 'cpfcnpj-num':
      return cpfByRule(value, true) || cnpjByRule(value, true);
  }
}

/** Valid CPF, bare or masked (rule 'cpf'). */
export function isValidCpf(value: string): boolean {
  return validateDocument('cpf', value);
}

/** Valid CNPJ, numeric or alphanumeric, bare or masked (rule 'cnpj'). */
export function isValidCnpj(value: string): boolean {
  return validateDocument('cnpj', value);
}

/**
 * Which document the value looks like, by the length and characters of its normalised form,
 * not by its check digits: the sign-up form shows "Nome da empresa" for a CNPJ (§2) while the
 * person is still typing. Combine with validateDocument when validity matters.
 */
export function documentKind(value: string): DocumentKind | null {
  const normalized = normalizeDocument(value);
  if (CPF_BARE.test(normalized)) return 'cpf';
  if (CNPJ_BARE.test(normalized)) return 'cnpj';
  return null;
}

/**
 * Display mask ###.###.###-## or ##.###.###/####-## (§5). A value that is neither shape is
 * returned unchanged, so nothing is hidden from the reader.
 */
export function formatCpfCnpj(value: string): string {
  const normalized = normalizeDocument(value);
  switch (documentKind(value)) {
    case 'cpf':
      return normalized.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
    case 'cnpj':
      return normalized.replace(/^(.{2})(.{3})(.{3})(.{4})(\d{2})$/, '$1.$2.$3/$4-$5');
    case null:
      return value;
  }
}
