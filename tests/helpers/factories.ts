import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../src/server/db/database.ts';
import { glUsuario } from '../../src/server/db/schema.ts';
import { createSession } from '../../src/server/session/session-store.ts';

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}${randomBytes(2).toString('hex')}`;

/** A stored hash of the password "demo1234", computed once (argon2 is slow by design). */
let passwordHash: Promise<string> | undefined;
async function demoPasswordHash(): Promise<string> {
  const { hashPassword } = await import('../../src/server/auth/password.ts');
  passwordHash ??= hashPassword('demo1234');
  return passwordHash;
}

export type NewUser = typeof glUsuario.$inferInsert;

/** A user with unique e-mail; override any column. Its password is "demo1234". */
export async function createUser(db: Queryable, overrides: Partial<NewUser> = {}) {
  const id = unique();
  const [user] = await db
    .insert(glUsuario)
    .values({
      nome: `Pessoa ${id}`,
      apelido: `P${id}`.slice(0, 20),
      email: `pessoa.${id}@teste.com.br`,
      telefone_celular: '11987654321',
      senha_hash: await demoPasswordHash(),
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  return user;
}

/** A signed-in session for a user, as the cookie value a browser would carry. */
export async function createSessionCookie(
  db: Queryable,
  usuarioId: number,
  context: { clienteId?: number; produtoId?: number } = {},
): Promise<string> {
  const session = await createSession(db, { usuarioId, ...context }, 3600_000);
  return session.cookieValue;
}
