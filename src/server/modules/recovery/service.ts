import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/crypto/password.ts';
import type { Database } from '../../platform/db/database.ts';
import { glUsuario, glUsuarioSenhaPedido, glUsuarioSenhaToken } from '../../platform/db/schema.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { passwordResetMail } from './mails.ts';
import { endAccessAfterNewPassword, passwordChangedMail } from '../security/index.ts';
import { hashToken, randomToken } from '../../platform/session/tokens.ts';
import { clearLoginFailures } from '../auth/index.ts';

/** A reset link is good for an hour (docs/decisions/018-password-recovery.md). */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** At most this many reset e-mails per account per hour; more requests get the same answer. */
export const RESET_MAILS_PER_HOUR = 3;

/** The reset page of the SPA (§2 recuperar_token); the token is the path's last segment. */
const resetUrl = (publicUrl: string, token: string) =>
  new URL(`/login/recuperar_token/${token}`, `${publicUrl}/`).toString();

/** Requests one transaction takes at a time: each batch holds its people's row locks until it commits. */
const RESET_REQUEST_BATCH = 20;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * §7 recuperar_email, the request's own work (decision 101): one insert of the address typed,
 * whatever it is, so the answer takes the same time for a known address and an unknown one
 * (OWASP ASVS 5.0 6.3.8). processResetRequests does the rest after the answer.
 */
export async function queueResetRequest(db: Database, email: string): Promise<void> {
  await db.insert(glUsuarioSenhaPedido).values({ email: email.trim().toLowerCase() });
}

/**
 * Handles the queued reset requests (decision 101): batches of up to `batchSize`, each in one
 * transaction that deletes its rows (`FOR UPDATE SKIP LOCKED`: of every caller, in any instance,
 * exactly one takes a row) and handles them in the same transaction. A failure (the database
 * away) rolls the batch back and its rows wait for the next run. Returns how many were handled.
 */
export async function processResetRequests(
  db: Database,
  options: { publicUrl: string; providerName: string; batchSize?: number; now?: Date },
): Promise<number> {
  const batchSize = options.batchSize ?? RESET_REQUEST_BATCH;
  let processed = 0;
  for (;;) {
    const taken = await db.transaction(async (tx) => {
      const requests = await tx
        .delete(glUsuarioSenhaPedido)
        .where(
          inArray(
            glUsuarioSenhaPedido.id,
            tx
              .select({ id: glUsuarioSenhaPedido.id })
              .from(glUsuarioSenhaPedido)
              .orderBy(asc(glUsuarioSenhaPedido.id))
              .limit(batchSize)
              .for('update', { skipLocked: true }),
          ),
        )
        .returning({ email: glUsuarioSenhaPedido.email });
      // In address order, so two batches lock the people they share in the same order (no deadlock).
      const emails = requests.map((request) => request.email).sort();
      const now = options.now ?? new Date();
      for (const email of emails) await handleResetRequest(tx, email, options, now);
      return requests.length;
    });
    processed += taken;
    // A short batch: the queue is empty, or the rest is another caller's.
    if (taken < batchSize) return processed;
  }
}

/**
 * One recuperar_email request, in the caller's transaction: for an active account, a single-use
 * token (256 bits from the CSPRNG, only its SHA-256 stored) and its e-mail. Unknown or inactive
 * addresses and accounts over the hourly limit get nothing (decision 018); the route has answered
 * the same in every case already.
 */
async function handleResetRequest(
  tx: Transaction,
  email: string,
  options: { publicUrl: string; providerName: string },
  now: Date,
): Promise<void> {
  // The person is read and locked at once; count and insert under that row lock: concurrent
  // requests for one account take turns, so the hourly limit holds (a count outside the lock let
  // 20 parallel requests queue up to 16 e-mails; decision 018).
  const [user] = await tx
    .select({ id: glUsuario.id, nome: glUsuario.nome, email: glUsuario.email, ativo: glUsuario.ativo })
    .from(glUsuario)
    .where(sql`lower(${glUsuario.email}) = ${email.toLowerCase()}`)
    .for('update');
  if (!user?.ativo) return;

  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  const [recent] = await tx
    .select({ total: count() })
    .from(glUsuarioSenhaToken)
    .where(
      and(
        eq(glUsuarioSenhaToken.gl_usuario_id, user.id),
        gt(glUsuarioSenhaToken.datahora_criado, hourAgo),
      ),
    );
  if ((recent?.total ?? 0) >= RESET_MAILS_PER_HOUR) return;
  const token = randomToken();
  await tx.insert(glUsuarioSenhaToken).values({
    gl_usuario_id: user.id,
    token_hash: hashToken(token),
    datahora_criado: now,
    datahora_expira: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
  });
  const mail = passwordResetMail({
    providerName: options.providerName,
    nome: user.nome,
    resetUrl: resetUrl(options.publicUrl, token),
    validadeMinutos: RESET_TOKEN_TTL_MS / 60_000,
  });
  await enqueueMail(tx, { to: user.email, ...mail });
}

/**
 * Whether a reset link's token is known, unused and unexpired, and its account active: asked by
 * the reset page when it opens (docs/decisions/050), so a dead link is said at once. Uses
 * nothing up; recuperar_token decides again when the password is sent.
 */
export async function isResetTokenUsable(db: Database, token: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: glUsuarioSenhaToken.id })
    .from(glUsuarioSenhaToken)
    .innerJoin(glUsuario, eq(glUsuario.id, glUsuarioSenhaToken.gl_usuario_id))
    .where(
      and(
        eq(glUsuarioSenhaToken.token_hash, hashToken(token)),
        isNull(glUsuarioSenhaToken.datahora_usado),
        gt(glUsuarioSenhaToken.datahora_expira, now),
        eq(glUsuario.ativo, true),
      ),
    );
  return row !== undefined;
}

/**
 * §7 recuperar_token: sets the new password when the token is valid, unused and unexpired, and
 * uses it up. The token is taken by one conditional UPDATE, so of concurrent requests with the
 * same token exactly one succeeds. The user's other sessions, applications' tokens and recent
 * passkeys of other sessions end (decisions 096, 098), other open links die, failed sign-ins are
 * forgotten and the "password changed" e-mail is queued; 2FA stays as it was.
 * Returns the account's e-mail (the login then starts filled in, issue 38), or null when the
 * token cannot be used (the caller says so without detail).
 */
export async function resetPassword(
  db: Database,
  input: { token: string; senha: string; keepSessionId: string | null; providerName: string; ip: string },
  now = new Date(),
): Promise<{ email: string } | null> {
  const tokenHash = hashToken(input.token);
  const usable = and(
    eq(glUsuarioSenhaToken.token_hash, tokenHash),
    isNull(glUsuarioSenhaToken.datahora_usado),
    gt(glUsuarioSenhaToken.datahora_expira, now),
  );
  // Spares the slow hash for links that cannot work anyway.
  const [candidate] = await db
    .select({ id: glUsuarioSenhaToken.id })
    .from(glUsuarioSenhaToken)
    .where(usable);
  if (!candidate) return null;
  const senhaHash = await hashPassword(input.senha);

  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(glUsuarioSenhaToken)
      .set({ datahora_usado: now })
      .where(usable)
      .returning({ usuarioId: glUsuarioSenhaToken.gl_usuario_id });
    if (!taken) return null;
    const [user] = await tx
      .update(glUsuario)
      .set({
        senha_hash: senhaHash,
        senha_revalidar: false,
        senha_temporaria_expira: null,
        datahora_senha_alterada: now,
      })
      .where(and(eq(glUsuario.id, taken.usuarioId), eq(glUsuario.ativo, true)))
      .returning({ nome: glUsuario.nome, email: glUsuario.email });
    if (!user) return null;
    // Other links of the same account die with this one.
    await tx
      .update(glUsuarioSenhaToken)
      .set({ datahora_usado: now })
      .where(
        and(
          eq(glUsuarioSenhaToken.gl_usuario_id, taken.usuarioId),
          isNull(glUsuarioSenhaToken.datahora_usado),
        ),
      );
    const chavesRemovidas = await endAccessAfterNewPassword(tx, {
      usuarioId: taken.usuarioId,
      keepSessionId: input.keepSessionId,
      how: 'senha_redefinida',
      ip: input.ip,
      now,
    });
    await clearLoginFailures(tx, user.email);
    const mail = passwordChangedMail({ providerName: input.providerName, nome: user.nome, quando: now, chavesRemovidas });
    await enqueueMail(tx, { to: user.email, ...mail });
    return { email: user.email };
  });
}
