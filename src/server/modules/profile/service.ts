import { eq } from 'drizzle-orm';
import type { UserMe } from '#shared/schemas/profile';
import { USUARIO_MESSAGES } from '#shared/messages';
import { hashPassword, verifyPassword } from '../../platform/crypto/password.ts';
import { accountAddressKey, accountKey, clearFailures, isBlocked, passwordKeys, readFailures, recordFailure } from '../../platform/throttle/throttle.ts';
import type { Database } from '../../platform/db/database.ts';
import { glUsuario } from '../../platform/db/schema.ts';
import { fieldError, unauthorized } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { endAccessAfterNewPassword, passwordChangedMail } from '../security/index.ts';

const meColumns = {
  id: glUsuario.id,
  nome: glUsuario.nome,
  apelido: glUsuario.apelido,
  email: glUsuario.email,
  telefone_celular: glUsuario.telefone_celular,
};

/** The signed-in user's own record (§3 User). */
export async function findMe(db: Database, usuarioId: number): Promise<UserMe> {
  const [user] = await db.select(meColumns).from(glUsuario).where(eq(glUsuario.id, usuarioId));
  if (!user) throw unauthorized();
  return user;
}

/** §5 Profile save: only nome, apelido and telefone_celular of the user's own record. */
export async function updateMe(
  db: Database,
  usuarioId: number,
  values: { nome: string; apelido: string; telefone_celular: string },
): Promise<UserMe> {
  const [user] = await db
    .update(glUsuario)
    .set({
      nome: values.nome,
      apelido: values.apelido,
      telefone_celular: values.telefone_celular,
    })
    .where(eq(glUsuario.id, usuarioId))
    .returning(meColumns);
  if (!user) throw unauthorized();
  return user;
}

/**
 * The current password, under the sign-in's throttle (decision 010) and on its keys: someone who
 * holds a session but not the password (a browser left open, a stolen cookie) gets no more
 * guesses here than at the login, and their failures count there too. Blocked, it is refused
 * unchecked with the same answer as a wrong one.
 */
async function checkCurrentPassword(
  db: Database,
  user: { email: string; senha_hash: string },
  senha: string,
  ip: string,
  now = new Date(),
): Promise<void> {
  const keys = passwordKeys(user.email, ip);
  const names = keys.map(([key]) => key);
  const failures = await readFailures(db, names);
  const ok = !isBlocked(failures, names, now) && (await verifyPassword(user.senha_hash, senha));
  if (!ok) {
    for (const [key, policy] of keys) await recordFailure(db, key, policy, now);
    throw fieldError('senha_atual', USUARIO_MESSAGES.wrongCurrentPassword, 'wrong_password');
  }
  await clearFailures(db, failures, [accountAddressKey(user.email, ip), accountKey(user.email)]);
}

/**
 * §5 Profile password change: checks the current password, stores the new argon2id hash and,
 * in the same transaction, ends the user's other sessions (they were opened with the old
 * password: security review item 7) and queues the "password changed" e-mail.
 */
export async function changePassword(
  db: Database,
  usuarioId: number,
  values: { senha_atual: string; senha_nova: string },
  options: { providerName: string; sessionId: string; ip: string },
): Promise<void> {
  const [user] = await db
    .select({ nome: glUsuario.nome, email: glUsuario.email, senha_hash: glUsuario.senha_hash })
    .from(glUsuario)
    .where(eq(glUsuario.id, usuarioId));
  if (!user) throw unauthorized();
  await checkCurrentPassword(db, user, values.senha_atual, options.ip);
  const senhaHash = await hashPassword(values.senha_nova);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(glUsuario)
      .set({
        senha_hash: senhaHash,
        senha_revalidar: false,
        senha_temporaria_expira: null,
        datahora_senha_alterada: now,
      })
      .where(eq(glUsuario.id, usuarioId));
    const chavesRemovidas = await endAccessAfterNewPassword(tx, {
      usuarioId,
      keepSessionId: options.sessionId,
      how: 'senha_alterada',
      ip: options.ip,
      now,
    });
    const mail = passwordChangedMail({ providerName: options.providerName, nome: user.nome, quando: now, chavesRemovidas });
    await enqueueMail(tx, { to: user.email, ...mail });
  });
}
