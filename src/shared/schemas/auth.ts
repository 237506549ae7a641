import { z } from 'zod';
import {
  CurrentPasswordSchema,
  DEVICE_NAME_MAX,
  DeviceNameSchema,
  EmailSchema,
  OptionalTwofaCodeSchema,
  REQUIRED_MESSAGE,
  maxLengthMessage,
} from '../fields.ts';
import type { OpenPlanChange } from './plans.ts';

// The ids and tokens every call's schema uses live in ids.ts, which plans.ts imports too (no cycle).
import { IdSchema, TokenSchema } from './ids.ts';

export { ID_MAX, IdSchema, TokenSchema } from './ids.ts';

/** The captcha answer; its field keeps the specification's name `recaptcha` (decision 014). */
export const CaptchaSchema = z.string().max(8000).optional();

/**
 * §7 POST /api/acesso/login, §5 Login. The 2FA code is required by the server only when the
 * user has 2FA on and the device is not trusted; the device name only when trusting.
 */
export const LoginRequestSchema = z
  .object({
    email: EmailSchema,
    senha: CurrentPasswordSchema,
    recaptcha: CaptchaSchema,
    gl_produto_id: IdSchema,
    twofaCode: OptionalTwofaCodeSchema,
    twofaTrust: z.boolean().optional().nullable(),
    twofaTrustName: z
      .string()
      .trim()
      .max(DEVICE_NAME_MAX, { error: maxLengthMessage(DEVICE_NAME_MAX) })
      .optional()
      .nullable(),
  })
  .superRefine((value, ctx) => {
    if (value.twofaTrust && !value.twofaTrustName) {
      ctx.addIssue({ code: 'custom', path: ['twofaTrustName'], message: REQUIRED_MESSAGE });
    }
  });
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/** §7 POST /api/gl_usuario/twofa/twofaCheckUsuario. */
export const TwofaCheckRequestSchema = z.object({ email: EmailSchema });
export type TwofaCheckRequest = z.input<typeof TwofaCheckRequestSchema>;

export interface TwofaCheckResponse {
  twofa_enabled: boolean;
  twofa_shouldAskCreate: boolean;
  twofa_isTrustedDevice: boolean;
}

/** An event (evento id and token) as the query string and payloads carry it (§3); the body of §7 POST /api/acesso/evento_getInfo. */
export const EventRefSchema = z.object({ evento_id: IdSchema, evento_token: TokenSchema });
export type EventRef = z.input<typeof EventRefSchema>;


/**
 * §7 POST acesso/login_evento: password confirmation for an event login (e.login screen).
 * `twofaCode` is ours: the second factor, asked as the login asks it (docs/decisions/015).
 */
export const EventLoginRequestSchema = EventRefSchema.extend({
  password: CurrentPasswordSchema,
  recaptcha: CaptchaSchema,
  to: z.string().max(2000).optional().nullable(),
  twofaCode: OptionalTwofaCodeSchema,
});
export type EventLoginRequest = z.input<typeof EventLoginRequestSchema>;

export interface EventLoginResponse {
  /** Where to go now: a same-origin path or the product's url (never another host). */
  to: string;
}

/** §7 POST /api/acesso/logout. The notice screen sends the event and session tokens it got. */
export const LogoutRequestSchema = z
  .object({
    evento_id: IdSchema,
    evento_token: TokenSchema,
    sessao_id: z.uuid(),
    sessao_token: TokenSchema,
  })
  .partial()
  .optional();
export type LogoutRequest = z.input<typeof LogoutRequestSchema>;

/**
 * POST /api/gl_usuario/me/reautenticar (ours, docs/decisions/011-two-factor.md): the step-up
 * before a sensitive change. A code or recovery key where 2FA is on, the password where it is off.
 */
export const ReauthenticateRequestSchema = z.object({
  senha: z.string().max(200).optional().nullable(),
  code: OptionalTwofaCodeSchema,
});
export type ReauthenticateRequest = z.input<typeof ReauthenticateRequestSchema>;

export interface ReauthenticateResponse {
  /** Until when sensitive changes go through without asking again (ISO 8601). */
  reautenticado_ate: string;
}

/** §7 POST /api/acesso/conta_selecionar: the client-user link (§3) the signed-in user picks. */
export const ContaSelecionarRequestSchema = z.object({ gl_cliente_usuario_id: IdSchema });
export type ContaSelecionarRequest = z.input<typeof ContaSelecionarRequestSchema>;

/** §7 POST api/admin/cliente/selecionar (staff admins). */
export const AdminSelectClientRequestSchema = z.object({ id: IdSchema });

/** data of POST api/admin/cliente/selecionar; the message says 'Cliente {name} selecionado.' (§8). */
export interface AdminSelectClientResponse {
  cliente: { id: number; razao_social: string; nome_fantasia: string | null };
}

/** §7 GET /api/gl_produto/{pid}/edit. */
export const ProductParamsSchema = z.object({ pid: IdSchema });

/**
 * Texts of the sign-in flows where the specification shows none (§8 gives only the selection
 * message). Kept here until they move to src/shared/messages.ts.
 */
export const ACESSO_MESSAGES = {
  /** Wrong e-mail or password, inactive user, throttled or locked: one answer for all. */
  invalidCredentials: 'E-mail ou senha inválidos.',
  /** The event login's password confirmation (e.login), wrong or throttled; the step-up's too. */
  invalidPassword: 'Senha inválida.',
  passwordRequired: 'Informe sua senha.',
  /** A sign-up's temporary password past its 48 hours (docs/decisions/017-sign-up.md). */
  temporaryPasswordExpired:
    'Sua senha temporária expirou. Use "Esqueci minha senha" para receber um link e criar uma nova senha.',
  /** A sign-in with a recovery key in place of the code (§4): how many are left. */
  recoveryKeyUsed: (left: number) =>
    left === 0
      ? 'Você entrou com sua última chave de recuperação. Gere novas chaves em Gerenciar 2FA.'
      : `Você entrou com uma chave de recuperação, que não poderá ser usada de novo. ${
          left === 1 ? 'Resta 1 chave não usada.' : `Restam ${left} chaves não usadas.`
        }`,
  captchaFailed: 'Confirme que você não é um robô.',
  productNotFound: 'Produto não encontrado.',
  /** An unknown, expired or wrongly signed access event: nothing more is said. */
  eventNotFound: 'Link de acesso inválido ou expirado.',
  clientNotFound: 'Cliente não encontrado.',
  /** conta_selecionar: a link that is not the signed-in user's (or does not exist). */
  accountNotFound: 'Conta não encontrada.',
  /** conta_selecionar on a session without a product (sessions opened by a login have one). */
  sessionWithoutProduct: 'Sessão sem produto: entre novamente pelo login do produto.',
  /** §8, to the letter. */
  clientSelected: (name: string) => `Cliente ${name} selecionado.`,
} as const;

export { DeviceNameSchema };

// ---------------------------------------------------------------------------------------------
// Responses

/** §3 Client-user link as the login info lists it. */
export interface ClientLink {
  id: number;
  nivel: number;
  cliente: { id: number; razao_social: string; cpfcnpj: string | null };
}

/** §3 Login event info: the answer of login, evento_getInfo and the account flows. */
export interface LoginInfo {
  ok: boolean;
  /** The user must set a new password before going on (temporary password, §4). */
  senha_revalidar: boolean;
  evento: { id: number; token: string };
  sessao: { id: string; token: string };
  usuario: { id: number; nome: string; email: string; nivel: number | null };
  produto: {
    id: number;
    nome: string;
    url: string;
    logo_url: string | null;
    cadastro_usuario_inativo: boolean;
    cadastro_permitido: boolean;
  };
  /** The selected client: set when the user has exactly one, or after a selection. */
  cliente: { id: number; razao_social: string; nome_fantasia: string | null; cpfcnpj: string } | null;
  clientes: ClientLink[];
  contrato_ultimo: {
    id: number;
    periodo_inicio: string;
    periodo_fim: string;
    plano: { id: number; nome_exibicao: string };
  } | null;
  /** The product's url with sessao_id, sessao_token, evento_id and evento_token (§3, §4). */
  url: string;
  clienteUsuario_nivel: number | null;
  contrato_evento_aberto: OpenPlanChange | null;
  /** Offer the 2FA activation modal (§2 Login): 2FA off and no reminder pending. */
  twofa_shouldAskCreate: boolean;
}

/** §7 GET /api/gl_produto/{pid}/edit as a visitor may see it. */
export interface PublicProduct {
  id: number;
  nome: string;
  url: string;
  logo_url: string | null;
  cadastro_permitido: boolean;
  cadastro_usuario_inativo: boolean;
}

/** The captcha the login form must show (GET /api/captcha/config, our addition). */
export interface CaptchaConfig {
  provider: 'altcha' | 'recaptcha' | 'turnstile' | 'none';
  /** reCAPTCHA / Turnstile site key; ALTCHA's challenge url. */
  siteKey: string | null;
  challengeUrl: string | null;
}
