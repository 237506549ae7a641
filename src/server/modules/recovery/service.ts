import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password.ts';
import type { Database } from '../../db/database.ts';
import { glUsuario, glUsuarioSenhaToken } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { passwordChangedMail, passwordResetMail } from '../../mail/templates.ts';
import { endAccessAfterNewPassword } from '../security/password-replaced.ts';
import { hashToken, randomToken } from '../../session/tokens.ts';
import { clearLoginFailures } from '../auth/service.ts';

/** A reset link is good for an hour (docs/decisions/018-password-recovery.md). */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** At most this many reset e-mails per account per hour; more requests get the same answer. */
export const RESET_MAILS_PER_HOUR = 3;

/** The reset page of the SPA (§2 recuperar_token); the token is the path's last segment. */
const resetUrl = (publicUrl: string, token: string) =>
  new URL(`/login/recuperar_token/${token}`, `${publicUrl}/`).toString();

/**
 * §7 recuperar_email: for an active account, a single-use token (256 bits from the CSPRNG, only
 * its SHA-256 stored) and its e-mail, in one transaction. Unknown or inactive addresses and
 * accounts over the hourly limit get nothing, and the caller answers the same in every case.
 */
export async function requestPasswordReset(
  db: Database,
  email: string,
  options: { publicUrl: string; providerName: string },
  now = new Date(),
): Promise<void> {
  const [user] = await db
    .select({ id: glUsuario.id, nome: glUsuario.nome, email: glUsuario.email, ativo: glUsuario.ativo })
    .from(glUsuario)
    .where(sql`lower(${glUsuario.email}) = ${email.toLowerCase()}`);
  if (!user?.ativo) return;

  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  const token = randomToken();
  await db.transaction(async (tx) => {
    // Count and insert under the user's row lock: concurrent requests for one account take
    // turns, so the hourly limit holds (a count outside the lock let 20 parallel requests queue
    // up to 16 e-mails; decision 018).
    await tx.select({ id: glUsuario.id }).from(glUsuario).where(eq(glUsuario.id, user.id)).for('update');
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
  });
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
 * Returns false when the token cannot be used (the caller says so without detail).
 */
export async function resetPassword(
  db: Database,
  input: { token: string; senha: string; keepSessionId: string | null; providerName: string; ip: string },
  now = new Date(),
): Promise<boolean> {
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
  if (!candidate) return false;
  const senhaHash = await hashPassword(input.senha);

  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(glUsuarioSenhaToken)
      .set({ datahora_usado: now })
      .where(usable)
      .returning({ usuarioId: glUsuarioSenhaToken.gl_usuario_id });
    if (!taken) return false;
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
    if (!user) return false;
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
    return true;
  });
}
