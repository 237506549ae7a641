import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/database.ts';
import { preparedFor } from '../../platform/db/prepared.ts';
import {
  glCliente,
  glClienteUsuario,
  glUsuario,
  glUsuarioChaveAcesso,
} from '../../platform/db/schema.ts';

/** The person as the sign-in, the step-up and the login info read them. */
const USER_FIELDS = {
  id: glUsuario.id,
  nome: glUsuario.nome,
  email: glUsuario.email,
  nivel: glUsuario.nivel,
  ativo: glUsuario.ativo,
  senha_hash: glUsuario.senha_hash,
  senha_revalidar: glUsuario.senha_revalidar,
  twofa_ativo: glUsuario.twofa_ativo,
  twofa_lembrar_em: glUsuario.twofa_lembrar_em,
};

/**
 * The unique index is on lower(email), so is the lookup. The sign-in's read: with the temporary
 * password's end, and what the login info needs (it is not read again), whether the person has a
 * passkey included (the §4 activation offer).
 */
export async function findUserByEmail(db: Queryable, email: string) {
  const [user] = await preparedFor(db, 'user_by_email', (handle, name) =>
    handle
      .select({
        ...USER_FIELDS,
        senha_temporaria_expira: glUsuario.senha_temporaria_expira,
        // Qualified by hand: drizzle writes a column in sql`` without its table.
        tem_chave_acesso: sql<boolean>`exists (select 1 from ${glUsuarioChaveAcesso} k where k.gl_usuario_id = ${glUsuario}.id)`,
      })
      .from(glUsuario)
      .where(sql`lower(${glUsuario.email}) = ${sql.placeholder('email')}`)
      .prepare(name),
  ).execute({ email: email.toLowerCase() });
  return user ?? null;
}

export async function findUserById(db: Queryable, id: number) {
  const [user] = await db.select(USER_FIELDS).from(glUsuario).where(eq(glUsuario.id, id));
  return user ?? null;
}

/**
 * The user's client links, by company name, each with what the login info says of its client (a
 * linked client is not read again).
 */
export function listClientLinks(db: Queryable, usuarioId: number) {
  return preparedFor(db, 'client_links', (handle, name) =>
    handle
      .select({
        id: glClienteUsuario.id,
        nivel: glClienteUsuario.nivel,
        cliente_id: glCliente.id,
        razao_social: glCliente.razao_social,
        nome_fantasia: glCliente.nome_fantasia,
        cpfcnpj: glCliente.cpfcnpj,
      })
      .from(glClienteUsuario)
      .innerJoin(glCliente, eq(glCliente.id, glClienteUsuario.gl_cliente_id))
      .where(eq(glClienteUsuario.gl_usuario_id, sql.placeholder('usuarioId')))
      .orderBy(asc(glCliente.razao_social), asc(glClienteUsuario.id))
      .prepare(name),
  ).execute({ usuarioId });
}

export async function findClient(db: Queryable, id: number) {
  const [client] = await db
    .select({
      id: glCliente.id,
      razao_social: glCliente.razao_social,
      nome_fantasia: glCliente.nome_fantasia,
      cpfcnpj: glCliente.cpfcnpj,
    })
    .from(glCliente)
    .where(eq(glCliente.id, id));
  return client ?? null;
}

/** One of the user's client links, or null when it does not exist or is someone else's. */
export async function findUserClientLink(db: Queryable, usuarioId: number, linkId: number) {
  const [link] = await db
    .select({ id: glClienteUsuario.id, cliente_id: glClienteUsuario.gl_cliente_id })
    .from(glClienteUsuario)
    .where(and(eq(glClienteUsuario.id, linkId), eq(glClienteUsuario.gl_usuario_id, usuarioId)));
  return link ?? null;
}
