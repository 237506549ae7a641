/**
 * Input masks of §5 as data, plus pure formatters for display.
 *
 * The mask objects are plain react-imask/imask options, so this file imports neither:
 * '0' is a digit, 'X' (defined below) a letter or digit; every other character is literal.
 */

export interface MaskOptions {
  mask: string;
  definitions?: Record<string, RegExp>;
  /** Upper-cases typed letters, for the alphanumeric CNPJ. */
  prepareChar?: (chars: string) => string;
}

export const CPF_MASK: MaskOptions = { mask: '000.000.000-00' };

/** IN RFB 2.229/2024: the first 12 positions may be letters; the check digits stay digits. */
export const CNPJ_MASK: MaskOptions = {
  mask: 'XX.XXX.XXX/XXXX-00',
  definitions: { X: /[0-9A-Za-z]/ },
  prepareChar: (chars) => chars.toUpperCase(),
};

/**
 * CPF-or-CNPJ field: imask picks the first mask that takes the most characters, so the CPF
 * mask holds up to 11 digits and a 12th character (or any letter) switches to the CNPJ mask.
 */
export const CPF_CNPJ_MASKS: MaskOptions[] = [CPF_MASK, CNPJ_MASK];

export const CEP_MASK: MaskOptions = { mask: '00000-000' };

/** §5 phone masks; imask picks the one the digits fill. */
export const PHONE_MASKS: MaskOptions[] = [
  { mask: '(00) 0000-0000' },
  { mask: '(00) 00000-0000' },
  { mask: '(000) 00000-0000' },
];

export const DATE_MASK: MaskOptions = { mask: '00/00/0000' };

/** The §5 date with a 24-hour time: dd/mm/aaaa HH:mm. */
export const DATE_TIME_MASK: MaskOptions = { mask: '00/00/0000 00:00' };

/** Removes everything but the digits 0-9. */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * Fills a '#' pattern with `chars`, stopping where the characters run out so a partial value
 * shows no dangling separator.
 */
function applyPattern(pattern: string, chars: string): string {
  let result = '';
  let next = 0;
  for (const slot of pattern) {
    if (next >= chars.length) break;
    if (slot === '#') {
      result += chars[next] ?? '';
      next += 1;
    } else {
      result += slot;
    }
  }
  return result;
}

/** '01310100' → '01310-100'; more than 8 digits is not a CEP, so its digits are returned as they are. */
export function formatCep(value: string): string {
  const digits = onlyDigits(value);
  return digits.length > 8 ? digits : applyPattern('#####-###', digits);
}

/**
 * Chooses the §5 pattern by digit count: up to 10 (##) ####-####, 11 (##) #####-####,
 * 12 (###) #####-####. More than 12 digits is not a phone we know, so its digits are returned.
 */
export function formatPhone(value: string): string {
  const digits = onlyDigits(value);
  if (digits.length > 12) return digits;
  if (digits.length === 12) return applyPattern('(###) #####-####', digits);
  if (digits.length === 11) return applyPattern('(##) #####-####', digits);
  return applyPattern('(##) ####-####', digits);
}
