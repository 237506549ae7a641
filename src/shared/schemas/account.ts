/**
 * The account flows of §2/§4/§5/§7: sign-up (logged out and logged in), the new password of the
 * account flow, and password recovery. One schema per call, used by the route and by the form.
 */
import { z } from 'zod';
import { documentKind } from '../cpf-cnpj.ts';
import {
  CpfCnpjSchema,
  CurrentPasswordSchema,
  EmailSchema,
  NAME_MAX,
  OptionalTwofaCodeSchema,
  PASSWORD_LENGTH_MESSAGE,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PasswordSchema,
  PHONE_INVALID_MESSAGE,
  PhoneSchema,
  REQUIRED_MESSAGE,
  maxLengthMessage,
  requiredText,
} from '../fields.ts';
import { CaptchaSchema, IdSchema, TokenSchema } from './auth.ts';
import { NEW_PASSWORD_MIN_MESSAGE } from '../messages.ts';

/** §5 Sign-up: the consent checkbox (our wording; the spec names the rule, not its text). */
export const TERMS_REQUIRED_MESSAGE = 'Aceite os termos de uso e a política de privacidade para continuar.';

/** §3 Account-creation form `termos`: must be checked; the server records the consent. */
export const TermsSchema = z.literal(true, { error: TERMS_REQUIRED_MESSAGE });

/** Company name: required for a CNPJ only (§2, §5), at most 60 characters like the other names. */
const CompanyNameSchema = z
  .string()
  .trim()
  .max(NAME_MAX, { error: maxLengthMessage(NAME_MAX) })
  .optional()
  .nullable();

/** §5 "empresa_nome required for CNPJ": decided on the document's shape, as the form shows it. */
function requireCompanyForCnpj(
  value: { cpfcnpj: string; empresa_nome?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (documentKind(value.cpfcnpj) === 'cnpj' && !value.empresa_nome) {
    ctx.addIssue({ code: 'custom', path: ['empresa_nome'], message: REQUIRED_MESSAGE });
  }
}

/** §5 Sign-up phone: required, then one of the masks, both with the §5 sign-up wording. */
export const SignUpPhoneSchema = z
  .string({ error: PHONE_INVALID_MESSAGE })
  .trim()
  .min(1, { error: PHONE_INVALID_MESSAGE, abort: true })
  .pipe(PhoneSchema);

/**
 * §7 POST /api/acesso/conta_criar, §5 Sign-up (logged out). `senha` is sent only after the
 * server answered senha_digitar (the e-mail has an account). `termos` is ours: the consent the
 * server records (docs/decisions/017-sign-up.md). evento_id/evento_token are accepted as §7 lists
 * them and not used.
 */
export const SignUpRequestSchema = z
  .object({
    nome: requiredText({ max: NAME_MAX }),
    email: EmailSchema,
    telefone_celular: SignUpPhoneSchema,
    cpfcnpj: CpfCnpjSchema,
    empresa_nome: CompanyNameSchema,
    gl_produto_id: IdSchema,
    senha: z.string().max(200).optional().nullable(),
    /** Ours: a known e-mail's second factor, checked before anything is written. */
    twofaCode: OptionalTwofaCodeSchema,
    evento_id: IdSchema.optional().nullable(),
    evento_token: TokenSchema.optional().nullable(),
    recaptcha: CaptchaSchema,
    termos: TermsSchema,
  })
  .superRefine(requireCompanyForCnpj);
export type SignUpRequest = z.input<typeof SignUpRequestSchema>;
export type SignUpValues = z.output<typeof SignUpRequestSchema>;

/**
 * data of POST /api/acesso/conta_criar (§7). Three answers:
 * - new e-mail: ok, the account exists and a temporary password was e-mailed; no session
 *   (sessao and evento null): the person signs in with the e-mailed password (§4);
 * - known e-mail, no password sent: senha_digitar, nothing created;
 * - known e-mail and its password (and, with 2FA on an untrusted device, its code): ok, signed in,
 *   with the session and event; a missing code is a 422 on twofaCode and nothing is written.
 */
export interface SignUpResponse {
  ok: boolean;
  senha_digitar: boolean;
  sessao: { id: string; token: string } | null;
  evento: { id: number; token: string } | null;
  /** Where to go next: the product's url (signed in) or the login of the product. */
  url: string | null;
}

/** §7 POST /api/acesso/conta_criar_logado, §5 Sign-up (logged in). `termos` as above. */
export const SignUpLoggedRequestSchema = z
  .object({
    nome: requiredText({ max: NAME_MAX }),
    cpfcnpj: CpfCnpjSchema,
    empresa_nome: CompanyNameSchema,
    gl_produto_id: IdSchema,
    termos: TermsSchema,
  })
  .superRefine(requireCompanyForCnpj);
export type SignUpLoggedRequest = z.input<typeof SignUpLoggedRequestSchema>;

/** §7 POST /api/acesso/conta_criar_senha: 6 (§5) to 32 (§9) characters. */
export const CreatePasswordRequestSchema = z.strictObject({
  senha: z
    .string({ error: NEW_PASSWORD_MIN_MESSAGE })
    .min(PASSWORD_MIN, { error: NEW_PASSWORD_MIN_MESSAGE })
    .max(PASSWORD_MAX, { error: PASSWORD_LENGTH_MESSAGE }),
});
export type CreatePasswordRequest = z.input<typeof CreatePasswordRequestSchema>;

/** §7 POST api/acesso/recuperar_email, §5 Reset request. */
export const RecoverEmailRequestSchema = z.object({
  email: EmailSchema,
  recaptcha: CaptchaSchema,
});
export type RecoverEmailRequest = z.input<typeof RecoverEmailRequestSchema>;

/** §7 POST api/acesso/recuperar_token, §5 New password on reset (6 to 32). */
export const RecoverTokenRequestSchema = z.object({
  senha: PasswordSchema,
  token: TokenSchema,
});
export type RecoverTokenRequest = z.input<typeof RecoverTokenRequestSchema>;

/**
 * POST /api/acesso/recuperar_token/verificar (ours, docs/decisions/050): whether the e-mailed
 * link can still set a password, asked when its page opens. 200 when it can; the 404 of
 * recuperar_token when it cannot.
 */
export const RecoverTokenCheckRequestSchema = z.object({ token: TokenSchema });
export type RecoverTokenCheckRequest = z.input<typeof RecoverTokenCheckRequestSchema>;

export { CurrentPasswordSchema };

