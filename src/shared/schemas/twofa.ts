import { z } from 'zod';
import {
  REQUIRED_MESSAGE,
  TWOFA_CODE_INVALID_MESSAGE,
  TWOFA_CODE_REQUIRED_MESSAGE,
  TwofaCodeSchema,
} from '../fields.ts';
import { IdSchema } from './auth.ts';

/** A base32 TOTP secret as twofaGenerateQrCode hands it out (RFC 4648 alphabet). */
const SecretSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .regex(/^[A-Z2-7]{16,64}$/, { error: TWOFA_CODE_INVALID_MESSAGE });

/** A 6-digit TOTP code (§5: the hint says 6 digits). */
const TotpCodeSchema = z
  .string({ error: TWOFA_CODE_REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: TWOFA_CODE_REQUIRED_MESSAGE, abort: true })
  .regex(/^\d{6}$/, { error: TWOFA_CODE_INVALID_MESSAGE });

/** §7 POST /api/gl_usuario/twofaValidateCodeRequest. */
export const TwofaValidateCodeRequestSchema = z.object({ secret: SecretSchema, code: TotpCodeSchema });
export type TwofaValidateCodeRequest = z.input<typeof TwofaValidateCodeRequestSchema>;

/** §7 POST /api/gl_usuario/twofaActivateTwoFactorAuth: the secret just validated with a code. */
export const TwofaActivateRequestSchema = z.object({ secret: SecretSchema });

/** §7 POST /api/gl_usuario/twofaDisableTwoFactorAuth: a TOTP code or a recovery key. */
export const TwofaDisableRequestSchema = z.object({ code: TwofaCodeSchema });

/** §7 POST /api/gl_usuario/twofa/twofaActivateWhen: remind later (payload not shown; ours). */
export const TwofaActivateWhenRequestSchema = z
  .object({ dias: z.number().int().min(1).max(365).optional() })
  .optional();

/** §7 POST /api/gl_usuario/{id}/twofaUntrustInDevice. */
export const TwofaDeviceParamsSchema = z.object({ id: IdSchema });

export interface TwofaActivateWhenResponse {
  /** ISO instant before which the activation modal is not offered again. */
  twofa_lembrar_em: string;
}

export interface TwofaValidateCodeResponse {
  isValid: boolean;
}

/** data of twofaActivateTwoFactorAuth: the first recovery keys, shown once (§4). */
export type TwofaActivateResponse = TwofaRecoveryKeysResponse;

export interface TwofaDisableResponse {
  disabled: boolean;
}

/** Texts of the 2FA calls; §8 gives the two success messages and 'Código inválido.'. */
export const TWOFA_MESSAGES = {
  activated: '2FA ativado com sucesso!',
  disabled: '2FA desativado com sucesso!',
  invalidCode: TWOFA_CODE_INVALID_MESSAGE,
  // Ours:
  alreadyEnabled: 'A autenticação em dois fatores já está ativada.',
  notEnabled: 'A autenticação em dois fatores não está ativada.',
  deviceNotFound: 'Dispositivo não encontrado.',
} as const;

export interface TwofaQrCodeResponse {
  /** PNG data URL of the otpauth:// URI. */
  qr_code_base64: string;
  secret: string;
}

export interface TrustedDevice {
  id: number;
  nome: string;
  trusted_datetime: string;
  trusted_ip: string | null;
  trusted_until: string;
}

/** §3 2FA status. */
export interface TwofaStatusResponse {
  twofa_enabled: boolean;
  trusted_dispositivo_list: TrustedDevice[];
  /** How many unused recovery keys remain (the keys themselves are shown once only). */
  recovery_keys_restantes: number;
}

export interface TwofaRecoveryKeysResponse {
  recovery_keys: string[];
}
