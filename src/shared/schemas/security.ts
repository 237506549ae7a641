import { z } from 'zod';
import { DeviceNameSchema } from '../fields.ts';
import { IdSchema } from './auth.ts';
import type { AuditAction } from './audit.ts';

/**
 * The account security center (docs/decisions/070-active-sessions.md): the person's
 * active sessions, sign-in history and passkeys. Paths are ours (the specification shows none),
 * under /api/gl_usuario/me like the other calls on one's own record (§6).
 */

/** A session id (gl_sessao.id, a UUID); anything else is not one of the person's sessions. */
export const SessaoParamsSchema = z.object({ id: z.uuid() });

/** One active session, as 'Sessões ativas' lists it. */
export interface ActiveSession {
  id: string;
  /** Browser name and major version parsed from the user agent ('Chrome 131'), or null. */
  navegador: string | null;
  /** Operating system ('Windows 10', 'Android 14'), or null. */
  sistema: string | null;
  ip: string | null;
  /** The sign-in (ISO instant). */
  datahora_criado: string;
  /** Last request seen, within five minutes (the session's sliding expiry is moved that often). */
  datahora_ultimo_acesso: string;
  /** The session of the browser asking. */
  atual: boolean;
}

export interface ActiveSessionsResponse {
  sessoes: ActiveSession[];
}

export interface EndSessionsResponse {
  /** How many sessions ended. */
  encerradas: number;
}

/**
 * What a sign-in history row records (docs/decisions/071-sign-in-history-and-alerts.md): the
 * three ways in, and the three refusals of a known account.
 */
export type SignInType =
  | 'sucesso'
  | 'evento'
  | 'chave_acesso'
  | 'senha_incorreta'
  | 'codigo_incorreto'
  | 'bloqueado';

/** How many sign-in events the person sees, newest first. */
export const SIGN_IN_HISTORY_SIZE = 30;

/** One row of the sign-in history. */
export interface SignInEvent {
  id: number;
  tipo: SignInType;
  /** ISO instant. */
  datahora_criado: string;
  ip: string | null;
  navegador: string | null;
  sistema: string | null;
}

export interface SignInHistoryResponse {
  acessos: SignInEvent[];
}

// ---------------------------------------------------------------------------------------------
// Passkeys (WebAuthn; docs/decisions/072-passkeys.md)

/** A passkey's name, as a trusted device's (§5: required, at most 80 characters). */
const PasskeyNameSchema = DeviceNameSchema;

const b64url = (max: number) => z.string().max(max).regex(/^[A-Za-z0-9_-]*$/);

/**
 * The browser's answer to navigator.credentials.create, as @simplewebauthn/browser serialises it
 * (RegistrationResponseJSON). Only its shape and sizes are checked here; the server verifies it.
 */
const RegistrationResponseSchema = z
  .object({
    id: b64url(1400),
    rawId: b64url(1400),
    type: z.literal('public-key'),
    response: z
      .object({
        clientDataJSON: b64url(10_000),
        attestationObject: b64url(100_000),
        transports: z.array(z.string().max(40)).max(10).optional(),
      })
      .loose(),
    clientExtensionResults: z.object({}).loose(),
    authenticatorAttachment: z.string().max(40).optional(),
  })
  .loose();

/** The answer to navigator.credentials.get (AuthenticationResponseJSON). */
const AuthenticationResponseSchema = z
  .object({
    id: b64url(1400),
    rawId: b64url(1400),
    type: z.literal('public-key'),
    response: z
      .object({
        clientDataJSON: b64url(10_000),
        authenticatorData: b64url(10_000),
        signature: b64url(2000),
        userHandle: b64url(200).optional(),
      })
      .loose(),
    clientExtensionResults: z.object({}).loose(),
    authenticatorAttachment: z.string().max(40).optional(),
  })
  .loose();

/** POST /api/gl_usuario/me/chaves_acesso: a new passkey, named by the person. */
export const PasskeyRegisterRequestSchema = z.object({
  nome: PasskeyNameSchema,
  resposta: RegistrationResponseSchema,
});

/** PUT /api/gl_usuario/me/chaves_acesso/{id}: rename. */
export const PasskeyRenameRequestSchema = z.object({ nome: PasskeyNameSchema });

export const PasskeyParamsSchema = z.object({ id: IdSchema });

/** POST /api/acesso/chave_acesso/login: a sign-in with a passkey into a product (§4 flow). */
export const PasskeyLoginRequestSchema = z.object({
  resposta: AuthenticationResponseSchema,
  gl_produto_id: IdSchema,
});

/** One of the person's passkeys, as 'Chaves de acesso' lists it. */
export interface Passkey {
  id: number;
  nome: string;
  /** ISO instants. */
  datahora_criado: string;
  datahora_ultimo_uso: string | null;
  /** Synced by its provider (iCloud Keychain, Google Password Manager...): the backed-up flag. */
  sincronizada: boolean;
}

export interface PasskeyListResponse {
  chaves: Passkey[];
}

export const SEGURANCA_MESSAGES = {
  sessionEnded: 'Sessão encerrada.',
  otherSessionsEnded: (count: number) =>
    count === 0
      ? 'Não havia outras sessões abertas.'
      : count === 1
        ? '1 outra sessão foi encerrada.'
        : `${count} outras sessões foram encerradas.`,
  sessionNotFound: 'Sessão não encontrada.',
  currentSession: 'Esta é a sessão que você está usando; para encerrá-la, use Logout.',
  passkeyAdded: 'Chave de acesso registrada.',
  passkeyRenamed: 'Chave de acesso renomeada.',
  passkeyRemoved: 'Chave de acesso removida.',
  passkeyNotFound: 'Chave de acesso não encontrada.',
  passkeyRegistrationFailed:
    'Não foi possível registrar a chave de acesso. Tente novamente.',
  passkeySignInFailed:
    'Não foi possível entrar com a chave de acesso. Tente novamente ou entre com sua senha.',
} as const;

// ---------------------------------------------------------------------------------------------
// 'Alterações de segurança' (issue 34): the person's own entries of the audit trail

/** The trail's actions the person sees about their own account. */
export const PERSON_SECURITY_ACTIONS = [
  'senha_alterada',
  'senha_redefinida',
  'twofa_ativado',
  'twofa_desativado',
  'chaves_recuperacao_geradas',
  'chave_acesso_adicionada',
  'chave_acesso_removida',
  'chaves_acesso_removidas_na_recuperacao',
  'aplicativo_autorizado',
  'aplicativo_revogado',
  'sessoes_encerradas',
  'twofa_resetado',
  'senha_revalidar',
] as const satisfies readonly AuditAction[];

/** How many of them the screen shows, newest first. */
export const SECURITY_EVENTS_SIZE = 30;

export interface SecurityEvent {
  id: number;
  /** ISO instant. */
  datahora: string;
  acao: AuditAction;
  /** Done by the provider's staff (not named), not by the person. */
  pela_equipe: boolean;
  /** What it concerned: a passkey's or an application's name, the passkeys a new password removed. */
  nomes: string[];
  /** The person's own address; null for staff's actions. */
  ip: string | null;
}

export interface SecurityEventsResponse {
  eventos: SecurityEvent[];
}
