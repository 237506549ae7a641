import { z } from 'zod';
import {
  CurrentPasswordSchema,
  NAME_MAX,
  PasswordSchema,
  PhoneSchema,
  REQUIRED_MESSAGE_PROFILE,
  requiredText,
} from '../fields.ts';

/** §3 User (me): the signed-in user's own record. */
export interface UserMe {
  id: number;
  nome: string;
  apelido: string | null;
  email: string;
  telefone_celular: string | null;
}

/** §7 GET /api/gl_usuario/me: data.data is the user record. */
export interface UserMeResponse {
  data: UserMe;
}

/** Phone required with the §5 Profile wording, then one of the §5 masks. */
const ProfilePhoneSchema = z
  .string({ error: REQUIRED_MESSAGE_PROFILE })
  .trim()
  .min(1, { error: REQUIRED_MESSAGE_PROFILE, abort: true })
  .pipe(PhoneSchema);

/**
 * §7 POST /api/gl_usuario/me/update, §5 Profile save. Strict: no other column can be
 * mass-assigned through this call.
 */
export const ProfileUpdateRequestSchema = z.strictObject({
  nome: requiredText({ max: NAME_MAX, message: REQUIRED_MESSAGE_PROFILE }),
  apelido: requiredText({ max: NAME_MAX, message: REQUIRED_MESSAGE_PROFILE }),
  telefone_celular: ProfilePhoneSchema,
});
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateRequestSchema>;

/** §7 POST /api/gl_usuario/me/senha_update (senha_conf is checked client-side only, §3). */
export const PasswordUpdateRequestSchema = z.strictObject({
  senha_atual: CurrentPasswordSchema,
  senha_nova: PasswordSchema,
});
export type PasswordUpdateRequest = z.input<typeof PasswordUpdateRequestSchema>;
