/**
 * One zod schema per form field, with the §5 pt-BR messages, for the forms (client) and the
 * routes (server) to compose. Each schema also outputs the stored form of its value
 * (trimmed text, document and phone without mask, CEP as 8 digits, date as YYYY-MM-DD).
 */
import { z } from 'zod';
import {
  DOCUMENT_RULE_MESSAGES,
  normalizeDocument,
  validateDocument,
  type DocumentRule,
} from './cpf-cnpj.ts';
import { parseDateInput } from './dates.ts';
import { CEP_INVALID_MESSAGE } from './messages.ts';
import { onlyDigits } from './masks.ts';

// §5 and §9 limits.
export const NAME_MAX = 60;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 32;
export const TWOFA_CODE_MAX = 16;
export const DEVICE_NAME_MAX = 80;
/** Longest address SMTP can carry (RFC 5321); the spec gives none. */
export const EMAIL_MAX = 254;

// §5 messages, to the letter (including the spec's own "os número").
export const REQUIRED_MESSAGE = 'Campo obrigatório.';
/** §5 Profile save writes it without the period. */
export const REQUIRED_MESSAGE_PROFILE = 'Campo obrigatório';
export const EMAIL_REQUIRED_MESSAGE = 'Campo de e-mail obrigatório.';
export const PASSWORD_LENGTH_MESSAGE = 'A senha deve ter entre 6 e 32 caracteres.';
/** Ours (decision 042): the server refuses passwords from a list of common ones. */
export const COMMON_PASSWORD_MESSAGE = 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.';
export const PHONE_INVALID_MESSAGE = 'Campo obrigatório. Confira se os número estão corretos.';
export const TWOFA_CODE_REQUIRED_MESSAGE = 'Por favor, insira o código de verificação.';
export const TWOFA_CODE_INVALID_MESSAGE = 'Código inválido.';
// Our wording where §5 gives none.
export const EMAIL_INVALID_MESSAGE = 'Digite um e-mail válido.';
export const DATE_INVALID_MESSAGE = 'Digite uma data válida.';
export const maxLengthMessage = (max: number): string => `Use no máximo ${max} caracteres.`;
export const CONTROL_CHARACTER_MESSAGE = 'O texto contém caracteres de controle, que não são permitidos.';

/**
 * Text people type has no control characters (C0 and DEL): a NUL cannot even be stored in a
 * PostgreSQL text column, and the rest only hide content (docs/security.md). Multi-line fields
 * keep tab, line feed and carriage return.
 */
// eslint-disable-next-line no-control-regex
const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

export interface TextOptions {
  /** Allows \t, \n and \r (descriptions, markdown). */
  multiline?: boolean;
}

/** A string without control characters (see above); the base of every text field. */
export function text(options: TextOptions & { params?: Parameters<typeof z.string>[0] } = {}) {
  return z
    .string(options.params)
    .regex(options.multiline ? MULTI_LINE : SINGLE_LINE, { error: CONTROL_CHARACTER_MESSAGE, abort: true });
}

/** Search text of a list or dropdown (§7 q, searchText): trimmed, at most `max` characters. */
export function searchText(max: number) {
  return text().trim().max(max, { error: maxLengthMessage(max) });
}

/**
 * The message for an absent value (undefined or null, e.g. a key missing from a JSON body);
 * other wrong types fall through to zod's pt-BR locale message.
 */
const whenMissing =
  (message: string) =>
  (issue: { input?: unknown }): string | undefined =>
    issue.input === undefined || issue.input === null ? message : undefined;

/** Trimmed text that must not be empty, optionally with a maximum length. */
export function requiredText(options: { max?: number; message?: string } & TextOptions = {}) {
  const { max, message = REQUIRED_MESSAGE, multiline } = options;
  const schema = text({ multiline, params: { error: whenMissing(message) } })
    .trim()
    .min(1, { error: message, abort: true });
  return max === undefined ? schema : schema.max(max, { error: maxLengthMessage(max) });
}

/** Trimmed text that may be empty, with a maximum length. */
export function optionalText(max: number, options: TextOptions = {}) {
  return text(options)
    .trim()
    .max(max, { error: maxLengthMessage(max) });
}

export const RequiredTextSchema = requiredText();

/** Name, nickname, company name (§5, §9: at most 60 characters). */
export const NameSchema = requiredText({ max: NAME_MAX });

/** Lower-cased so the same address always finds the same account. */
export const EmailSchema = text({ params: { error: whenMissing(EMAIL_REQUIRED_MESSAGE) } })
  .trim()
  .min(1, { error: EMAIL_REQUIRED_MESSAGE, abort: true })
  .max(EMAIL_MAX, { error: EMAIL_INVALID_MESSAGE, abort: true })
  .regex(z.regexes.email, { error: EMAIL_INVALID_MESSAGE })
  .toLowerCase();

/** A new password (§5, §9: 6 to 32 characters). Not trimmed: spaces are legitimate characters. */
export const PasswordSchema = text({ params: { error: whenMissing(PASSWORD_LENGTH_MESSAGE) } })
  .min(PASSWORD_MIN, { error: PASSWORD_LENGTH_MESSAGE })
  .max(PASSWORD_MAX, { error: PASSWORD_LENGTH_MESSAGE });

/** A password being checked (login, event login, current password): only required. */
export const CurrentPasswordSchema = z
  .string({ error: whenMissing(REQUIRED_MESSAGE) })
  .min(1, { error: REQUIRED_MESSAGE });

/**
 * A CPF/CNPJ field under one of the §5 rules; outputs the stored form (no mask, upper-case).
 * Plan signup passes CPF_CNPJ_INVALID_MESSAGE_PLAN, the §5 wording with a final period.
 */
export function documentSchema(
  rule: DocumentRule = 'cpfcnpj',
  message: string = DOCUMENT_RULE_MESSAGES[rule],
) {
  return z
    .string({ error: whenMissing(REQUIRED_MESSAGE) })
    .trim()
    .min(1, { error: REQUIRED_MESSAGE, abort: true })
    .refine((value) => validateDocument(rule, value), { error: message })
    .transform(normalizeDocument);
}

export const CpfCnpjSchema = documentSchema('cpfcnpj');

/** CEP (§5, §9: 8 or 9 characters, '01310100' or '01310-100'); outputs the 8 digits. */
export const CepSchema = z
  .string({ error: whenMissing(CEP_INVALID_MESSAGE) })
  .trim()
  .regex(/^\d{5}-?\d{3}$/, { error: CEP_INVALID_MESSAGE })
  .transform(onlyDigits);

/**
 * Phone in one of the §5 masks, (##) ####-####, (##) #####-#### or (###) #####-####, or their
 * bare digits (10, 11 or 12); outputs the digits.
 */
export const PhoneSchema = z
  .string({ error: whenMissing(PHONE_INVALID_MESSAGE) })
  .trim()
  .refine(
    (value) => /^[\d\s()-]*$/.test(value) && [10, 11, 12].includes(onlyDigits(value).length),
    { error: PHONE_INVALID_MESSAGE },
  )
  .transform(onlyDigits);

/** 2FA code or recovery key (§5: required, at most 16 characters). */
export const TwofaCodeSchema = z
  .string({ error: whenMissing(TWOFA_CODE_REQUIRED_MESSAGE) })
  .trim()
  .min(1, { error: TWOFA_CODE_REQUIRED_MESSAGE, abort: true })
  .max(TWOFA_CODE_MAX, { error: TWOFA_CODE_INVALID_MESSAGE });

/**
 * The sign-in's optional second factor (a TOTP code or a recovery key): the server asks for it
 * (422 on the field) only when the user has 2FA on and the device is not trusted (§4, §5).
 */
export const OptionalTwofaCodeSchema = z
  .string()
  .trim()
  .max(TWOFA_CODE_MAX, { error: TWOFA_CODE_INVALID_MESSAGE })
  .optional()
  .nullable();

/** Name of a trusted device (§5: required when trusting, at most 80 characters). */
export const DeviceNameSchema = requiredText({ max: DEVICE_NAME_MAX });

/** A date in any §5 input format; outputs 'YYYY-MM-DD'. */
export const DateSchema = z
  .string({ error: whenMissing(REQUIRED_MESSAGE) })
  .trim()
  .min(1, { error: REQUIRED_MESSAGE, abort: true })
  .refine((value) => parseDateInput(value) !== null, { error: DATE_INVALID_MESSAGE })
  .transform((value) => parseDateInput(value) ?? value);
