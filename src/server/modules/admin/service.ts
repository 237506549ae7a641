import { and, eq } from 'drizzle-orm';
import type { AdminSelectClientResponse } from '#shared/schemas/auth';
import { ACESSO_MESSAGES } from '#shared/schemas/auth';
import { ADMIN_MESSAGES, STAFF_LEVEL } from '#shared/schemas/admin';
import type { Queryable } from '../../platform/db/database.ts';
import {
  glArquivo,
  glContratoEventoArquivo,
  glUsuario,
  glUsuarioChaveRecuperacao,
  glUsuarioDispositivo,
} from '../../platform/db/schema.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { endUserAccess } from '../security/index.ts';
import { findClientSummary } from './queries.ts';

/** The client a staff admin is about to work in (§6 "Admin can select a client via a call"). */
export async function clientToSelect(
  db: Queryable,
  clienteId: number,
): Promise<AdminSelectClientResponse> {
  const cliente = await findClientSummary(db, clienteId);
  if (!cliente) throw notFound(ACESSO_MESSAGES.clientNotFound, 'client_not_found');
  return { cliente };
}

async function levelOf(db: Queryable, usuarioId: number) {
  const [user] = await db.select({ nivel: glUsuario.nivel }).from(glUsuario).where(eq(glUsuario.id, usuarioId));
  if (!user) throw notFound();
  return user.nivel;
}

/**
 * Staff change only people weaker than themselves (decision 030): a supervisor cannot reset an
 * admin's 2FA or e-mail; admins (≤ 1) may change anyone but themselves through these calls.
 */
export async function assertMayChangeUser(db: Queryable, actorId: number, targetId: number) {
  const actor = await levelOf(db, actorId);
  const target = await levelOf(db, targetId);
  if (actor === null) throw forbidden();
  if (target !== null && target <= actor && actor > STAFF_LEVEL.admin) {
    throw forbidden(ADMIN_MESSAGES.strongerUser, 'stronger_user');
  }
}

/**
 * Turns a person's 2FA off: secret, recovery keys, trusted devices and sessions go (they sign in
 * again and enrol again; security review item 7).
 */
export async function resetTwofa(db: Queryable, usuarioId: number) {
  await db
    .update(glUsuario)
    .set({ twofa_ativo: false, twofa_secret: null, twofa_secret_validado_em: null, twofa_lembrar_em: null })
    .where(eq(glUsuario.id, usuarioId));
  await db.delete(glUsuarioChaveRecuperacao).where(eq(glUsuarioChaveRecuperacao.gl_usuario_id, usuarioId));
  await db.delete(glUsuarioDispositivo).where(eq(glUsuarioDispositivo.gl_usuario_id, usuarioId));
  await endUserAccess(db, usuarioId);
}

/**
 * The next login must set a new password (conta_criar_senha, §4); open sessions end, so the
 * change cannot be put off by staying signed in.
 */
export async function forcePasswordChange(db: Queryable, usuarioId: number) {
  await db.update(glUsuario).set({ senha_revalidar: true }).where(eq(glUsuario.id, usuarioId));
  await endUserAccess(db, usuarioId);
}

/** Sets a person's staff level; answers the level they had (for the audit trail). */
export async function setStaffLevel(db: Queryable, usuarioId: number, nivel: number | null): Promise<number | null> {
  const before = await levelOf(db, usuarioId);
  const [row] = await db.update(glUsuario).set({ nivel }).where(eq(glUsuario.id, usuarioId)).returning({ id: glUsuario.id });
  if (!row) throw notFound();
  return before;
}

/**
 * A proof file sent with a plan change (§5 Plan signup), only through that change: an id of
 * another change's file, or of any other stored file, is not found.
 */
export async function findPlanChangeProof(db: Queryable, eventoId: number, arquivoId: number) {
  const [row] = await db
    .select({
      caminho: glArquivo.caminho,
      nome_original: glArquivo.nome_original,
      tipo_mime: glArquivo.tipo_mime,
      tamanho: glArquivo.tamanho,
    })
    .from(glContratoEventoArquivo)
    .innerJoin(glArquivo, eq(glArquivo.id, glContratoEventoArquivo.gl_arquivo_id))
    .where(and(eq(glContratoEventoArquivo.gl_contrato_evento_id, eventoId), eq(glArquivo.id, arquivoId)));
  return row ?? null;
}
