import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, count, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { SEGURANCA_MESSAGES, type Passkey } from '#shared/schemas/security';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import { deriveKey } from '../../platform/crypto/keys.ts';
import type { Database, Queryable } from '../../platform/db/database.ts';
import { glUsuario, glUsuarioChaveAcesso, glWebauthnDesafio } from '../../platform/db/schema.ts';
import { AppError, notFound, unauthorized } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { securityChangeMail } from './mails.ts';
import { createHmac } from 'node:crypto';
import { deleteInBatches } from '../../platform/db/batch-delete.ts';

/**
 * Passkeys (WebAuthn) with @simplewebauthn/server (docs/decisions/072-passkeys.md):
 * register, list, rename and remove one's own; sign in with one. Challenges are single-use and
 * live five minutes, decided by the database (a DELETE ... RETURNING takes each once).
 */

/**
 * The WebAuthn library, loaded by the first passkey request: with its CBOR and ASN.1 parsers it
 * is a fifth of the server's start, which most runs never need.
 */
const webauthn = () => import('@simplewebauthn/server');

/** How long a challenge may be answered (decision 072). */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export interface PasskeyDeps {
  db: Database;
  /** The relying party: PUBLIC_URL's host name and origin. */
  rpID: string;
  origin: string;
  /** PROVIDER_NAME: what the authenticator shows, and the e-mails' sender. */
  rpName: string;
  publicUrl: string;
  /** HMAC key of the WebAuthn user handles (derived from SESSION_SECRET). */
  handleKey: Buffer;
}

export function createPasskeyDeps(options: {
  db: Database;
  publicUrl: string;
  providerName: string;
  sessionSecret: string;
}): PasskeyDeps {
  const url = new URL(options.publicUrl);
  return {
    db: options.db,
    rpID: url.hostname,
    origin: url.origin,
    rpName: options.providerName,
    publicUrl: options.publicUrl,
    handleKey: deriveKey(options.sessionSecret, 'webauthn-user-handle'),
  };
}

type ChallengeKind = 'registro' | 'login';

/** The session a passkey change is made from, and its address (the trail, decision 099). */
export interface PasskeyChangeOrigin {
  sessionId: string;
  ip: string;
}

const registrationFailed = () =>
  new AppError(422, SEGURANCA_MESSAGES.passkeyRegistrationFailed, 'passkey_registration_failed');
const signInFailed = () => unauthorized(SEGURANCA_MESSAGES.passkeySignInFailed, 'passkey_refused');
const passkeyNotFound = () => notFound(SEGURANCA_MESSAGES.passkeyNotFound, 'passkey_not_found');

/**
 * The WebAuthn user.id of a person: 32 bytes of HMAC, stable (so an authenticator replaces
 * rather than duplicates a passkey) and saying nothing about the row id or the e-mail.
 */
function userHandle(deps: PasskeyDeps, usuarioId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHmac('sha256', deps.handleKey).update(`usuario:${usuarioId}`).digest());
}

async function storeChallenge(
  db: Queryable,
  input: { desafio: string; tipo: ChallengeKind; usuarioId: number | null },
  now: Date,
): Promise<void> {
  // Expired ones go as new ones come (the housekeeping job catches the rest).
  await db.delete(glWebauthnDesafio).where(lt(glWebauthnDesafio.datahora_expira, now));
  await db.insert(glWebauthnDesafio).values({
    desafio: input.desafio,
    tipo: input.tipo,
    gl_usuario_id: input.usuarioId,
    datahora_expira: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
}

/**
 * Takes a challenge once: true for the one request whose DELETE returned it, live and of this
 * kind (and of this person, for a registration). A replayed answer finds it gone.
 */
async function takeChallenge(
  db: Queryable,
  input: { desafio: string; tipo: ChallengeKind; usuarioId: number | null },
  now: Date,
): Promise<boolean> {
  const taken = await db
    .delete(glWebauthnDesafio)
    .where(
      and(
        eq(glWebauthnDesafio.desafio, input.desafio),
        eq(glWebauthnDesafio.tipo, input.tipo),
        gt(glWebauthnDesafio.datahora_expira, now),
        input.usuarioId === null
          ? sql`${glWebauthnDesafio.gl_usuario_id} is null`
          : eq(glWebauthnDesafio.gl_usuario_id, input.usuarioId),
      ),
    )
    .returning({ id: glWebauthnDesafio.id });
  return taken.length === 1;
}

async function userOf(db: Queryable, usuarioId: number) {
  const [user] = await db
    .select({ id: glUsuario.id, nome: glUsuario.nome, email: glUsuario.email, ativo: glUsuario.ativo })
    .from(glUsuario)
    .where(eq(glUsuario.id, usuarioId));
  if (!user?.ativo) throw unauthorized();
  return user;
}

async function credentialsOf(db: Queryable, usuarioId: number) {
  return db
    .select({ credencial_id: glUsuarioChaveAcesso.credencial_id, transportes: glUsuarioChaveAcesso.transportes })
    .from(glUsuarioChaveAcesso)
    .where(eq(glUsuarioChaveAcesso.gl_usuario_id, usuarioId));
}

/** Tells the owner a passkey was added or removed, in the change's transaction (decision 011). */
async function tellOwner(
  tx: Queryable,
  deps: PasskeyDeps,
  user: { nome: string; email: string },
  change: 'chave_acesso_adicionada' | 'chave_acesso_removida',
  now: Date,
) {
  const mail = securityChangeMail({
    providerName: deps.rpName,
    nome: user.nome,
    change,
    quando: now,
    manageUrl: new URL('/me/twofa', `${deps.publicUrl}/`).toString(),
  });
  await enqueueMail(tx, { to: user.email, ...mail });
}

// ---------------------------------------------------------------------------------------------
// Registration (the 2FA screen's 'Chaves de acesso')

/**
 * Options for navigator.credentials.create: a discoverable credential (it can sign in without
 * the e-mail, and fill the e-mail field's autofill), user verification required, attestation
 * none; the person's own passkeys excluded.
 */
export async function registrationOptions(
  deps: PasskeyDeps,
  usuarioId: number,
  now = new Date(),
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const user = await userOf(deps.db, usuarioId);
  const existing = await credentialsOf(deps.db, usuarioId);
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: deps.rpName,
    rpID: deps.rpID,
    userName: user.email,
    userDisplayName: user.nome,
    userID: userHandle(deps, usuarioId),
    attestationType: 'none',
    timeout: CHALLENGE_TTL_MS,
    excludeCredentials: existing.map((credential) => ({
      id: credential.credencial_id,
      transports: credential.transportes ?? [],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(deps.db, { desafio: options.challenge, tipo: 'registro', usuarioId }, now);
  return options;
}

/**
 * Verifies and stores a new passkey of the person, with the session it was registered from
 * (decision 098); the owner is told by e-mail, always, and the trail records it.
 */
export async function registerPasskey(
  deps: PasskeyDeps,
  usuarioId: number,
  input: { nome: string; resposta: RegistrationResponseJSON },
  origin: PasskeyChangeOrigin,
  now = new Date(),
): Promise<void> {
  const user = await userOf(deps.db, usuarioId);
  let verification;
  const { verifyRegistrationResponse } = await webauthn();
  try {
    verification = await verifyRegistrationResponse({
      response: input.resposta,
      expectedChallenge: (challenge) =>
        takeChallenge(deps.db, { desafio: challenge, tipo: 'registro', usuarioId }, now),
      expectedOrigin: deps.origin,
      expectedRPID: deps.rpID,
      requireUserVerification: true,
    });
  } catch {
    throw registrationFailed();
  }
  if (!verification.verified) throw registrationFailed();
  const info = verification.registrationInfo;
  await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(glUsuarioChaveAcesso)
      .values({
        gl_usuario_id: usuarioId,
        nome: input.nome,
        credencial_id: info.credential.id,
        chave_publica: Buffer.from(info.credential.publicKey).toString('base64url'),
        contador: info.credential.counter,
        transportes: info.credential.transports ?? [],
        usuario_handle: Buffer.from(userHandle(deps, usuarioId)).toString('base64url'),
        backup_elegivel: info.credentialDeviceType === 'multiDevice',
        backup_feito: info.credentialBackedUp,
        datahora_criado: now,
        gl_sessao_id: origin.sessionId,
      })
      .onConflictDoNothing()
      .returning({ id: glUsuarioChaveAcesso.id });
    // The same credential twice (it is excluded at creation; a replay is refused above).
    const [added] = inserted;
    if (!added || inserted.length !== 1) throw registrationFailed();
    await tellOwner(tx, deps, user, 'chave_acesso_adicionada', now);
    await recordAudit(tx, {
      actor: usuarioId,
      target: usuarioId,
      action: 'chave_acesso_adicionada',
      resource: 'gl_usuario_chave_acesso',
      resourceId: added.id,
      details: { nome: input.nome },
      ip: origin.ip,
    });
  });
}

export async function listPasskeys(db: Queryable, usuarioId: number): Promise<Passkey[]> {
  const rows = await db
    .select({
      id: glUsuarioChaveAcesso.id,
      nome: glUsuarioChaveAcesso.nome,
      datahora_criado: glUsuarioChaveAcesso.datahora_criado,
      datahora_ultimo_uso: glUsuarioChaveAcesso.datahora_ultimo_uso,
      backup_feito: glUsuarioChaveAcesso.backup_feito,
    })
    .from(glUsuarioChaveAcesso)
    .where(eq(glUsuarioChaveAcesso.gl_usuario_id, usuarioId))
    .orderBy(asc(glUsuarioChaveAcesso.datahora_criado), asc(glUsuarioChaveAcesso.id));
  return rows.map((row) => ({
    id: row.id,
    nome: row.nome,
    datahora_criado: row.datahora_criado.toISOString(),
    datahora_ultimo_uso: row.datahora_ultimo_uso?.toISOString() ?? null,
    sincronizada: row.backup_feito,
  }));
}

/** A passkey counts as the person's second factor for the §4 activation offer (decision 072). */
export async function hasPasskey(db: Queryable, usuarioId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(glUsuarioChaveAcesso)
    .where(eq(glUsuarioChaveAcesso.gl_usuario_id, usuarioId));
  return (row?.n ?? 0) > 0;
}

/** Renames one of the person's own passkeys; another person's id is as unknown as a missing one. */
export async function renamePasskey(db: Queryable, usuarioId: number, id: number, nome: string): Promise<void> {
  const renamed = await db
    .update(glUsuarioChaveAcesso)
    .set({ nome })
    .where(and(eq(glUsuarioChaveAcesso.id, id), eq(glUsuarioChaveAcesso.gl_usuario_id, usuarioId)))
    .returning({ id: glUsuarioChaveAcesso.id });
  if (renamed.length !== 1) throw passkeyNotFound();
}

/** Removes one of the person's own passkeys (the caller checked the step-up); the owner is told. */
export async function removePasskey(
  deps: PasskeyDeps,
  usuarioId: number,
  id: number,
  origin: PasskeyChangeOrigin,
  now = new Date(),
): Promise<void> {
  const user = await userOf(deps.db, usuarioId);
  await deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(glUsuarioChaveAcesso)
      .where(and(eq(glUsuarioChaveAcesso.id, id), eq(glUsuarioChaveAcesso.gl_usuario_id, usuarioId)))
      .returning({ id: glUsuarioChaveAcesso.id, nome: glUsuarioChaveAcesso.nome });
    if (!removed) throw passkeyNotFound();
    await tellOwner(tx, deps, user, 'chave_acesso_removida', now);
    await recordAudit(tx, {
      actor: usuarioId,
      target: usuarioId,
      action: 'chave_acesso_removida',
      resource: 'gl_usuario_chave_acesso',
      resourceId: removed.id,
      details: { nome: removed.nome },
      ip: origin.ip,
    });
  });
}

/**
 * How recent a passkey must be to go with a password change or reset (decision 098): a thief who
 * knew the password may have registered one; a month covers the time between a theft and its
 * owner noticing it, while the owner's long-standing passkeys stay.
 */
const RECENT_PASSKEY_DAYS = 30;

/**
 * Removes the person's passkeys registered in the last RECENT_PASSKEY_DAYS, except those
 * registered from `keepSessionId` (the owner's own session, when the change is made signed in),
 * and answers their names (for the e-mail, the trail and the security screen). Decision 098.
 */
export async function removeRecentPasskeys(
  tx: Queryable,
  usuarioId: number,
  options: { keepSessionId: string | null; now: Date },
): Promise<string[]> {
  const since = new Date(options.now.getTime() - RECENT_PASSKEY_DAYS * 86_400_000);
  const keep = options.keepSessionId;
  const removed = await tx
    .delete(glUsuarioChaveAcesso)
    .where(
      and(
        eq(glUsuarioChaveAcesso.gl_usuario_id, usuarioId),
        gt(glUsuarioChaveAcesso.datahora_criado, since),
        keep
          ? or(isNull(glUsuarioChaveAcesso.gl_sessao_id), ne(glUsuarioChaveAcesso.gl_sessao_id, keep))
          : undefined,
      ),
    )
    .returning({ nome: glUsuarioChaveAcesso.nome });
  return removed.map((passkey) => passkey.nome);
}

// ---------------------------------------------------------------------------------------------
// Sign-in ('Entrar com chave de acesso' and the e-mail field's autofill)

/** Options for navigator.credentials.get: any passkey of this site, user verification required. */
export async function authenticationOptions(
  deps: PasskeyDeps,
  now = new Date(),
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: deps.rpID,
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  await storeChallenge(deps.db, { desafio: options.challenge, tipo: 'login', usuarioId: null }, now);
  return options;
}

/**
 * Checks a passkey assertion: a live challenge of ours taken once, a passkey we know, its owner
 * active, the user handle (when sent) that passkey's, the signature under its public key, user
 * verification, and the signature counter moving forward where the authenticator keeps one (the
 * conditional update also settles two assertions racing). Answers the person's id; every refusal
 * is the same 401.
 */
export async function verifyPasskeySignIn(
  deps: PasskeyDeps,
  resposta: AuthenticationResponseJSON,
  now = new Date(),
): Promise<number> {
  const [stored] = await deps.db
    .select()
    .from(glUsuarioChaveAcesso)
    .innerJoin(glUsuario, eq(glUsuario.id, glUsuarioChaveAcesso.gl_usuario_id))
    .where(eq(glUsuarioChaveAcesso.credencial_id, resposta.id));
  const passkey = stored?.gl_usuario_chave_acesso;
  if (!passkey || !stored.gl_usuario.ativo) throw signInFailed();
  const handle = resposta.response.userHandle;
  if (handle !== undefined && handle !== passkey.usuario_handle) throw signInFailed();

  let verification;
  const { verifyAuthenticationResponse } = await webauthn();
  try {
    verification = await verifyAuthenticationResponse({
      response: resposta,
      expectedChallenge: (challenge) =>
        takeChallenge(deps.db, { desafio: challenge, tipo: 'login', usuarioId: null }, now),
      expectedOrigin: deps.origin,
      expectedRPID: deps.rpID,
      credential: {
        id: passkey.credencial_id,
        publicKey: new Uint8Array(Buffer.from(passkey.chave_publica, 'base64url')),
        counter: passkey.contador,
        transports: passkey.transportes ?? [],
      },
      requireUserVerification: true,
    });
  } catch {
    throw signInFailed();
  }
  if (!verification.verified) throw signInFailed();
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  const updated = await deps.db
    .update(glUsuarioChaveAcesso)
    .set({ contador: newCounter, backup_feito: credentialBackedUp, datahora_ultimo_uso: now })
    .where(
      and(
        eq(glUsuarioChaveAcesso.id, passkey.id),
        // Authenticators without a counter always send 0; the others must move it forward.
        or(
          lt(glUsuarioChaveAcesso.contador, newCounter),
          and(eq(glUsuarioChaveAcesso.contador, 0), sql`${newCounter}::bigint = 0`),
        ),
      ),
    )
    .returning({ id: glUsuarioChaveAcesso.id });
  if (updated.length !== 1) throw signInFailed();
  return passkey.gl_usuario_id;
}

/** Housekeeping: challenges past their five minutes. */
export async function purgeExpiredChallenges(db: Queryable, now = new Date()): Promise<number> {
  return deleteInBatches(db, glWebauthnDesafio, glWebauthnDesafio.id, lt(glWebauthnDesafio.datahora_expira, now));
}
