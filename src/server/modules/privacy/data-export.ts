/**
 * The copy of the person's data (LGPD art. 18, II and V): requested, produced in the background
 * (what it holds: personal-data.ts), downloaded once within EXPORT_DOWNLOAD_HOURS.
 */
import { and, asc, eq, inArray, lt, lte, or } from 'drizzle-orm';
import { EXPORT_DOWNLOAD_HOURS, PRIVACY_MESSAGES } from '#shared/privacy';
import type { ExportRequest } from '#shared/schemas/privacy';
import type { Database, Queryable } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { glPrivacidadePedido } from '../../platform/db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { auditRequest, BATCH_SIZE, HOUR_MS } from './lgpd-requests.ts';
import { collectPersonalData, personalDataZip } from './personal-data.ts';

/**
 * An export being produced is leased (issue 36 item 6): its instance renews the lease every
 * EXPORT_HEARTBEAT_MS by touching the row; one left 'processando' untouched this long lost its
 * instance (killed) and is taken over by the next run anywhere.
 */
const EXPORT_LEASE_MS = 30_000;
const EXPORT_HEARTBEAT_MS = 10_000;

/** Ready exports past their 24 hours: the file goes, the request says so. */
async function expireExports(db: Queryable, now: Date, usuarioId?: number): Promise<void> {
  await db
    .update(glPrivacidadePedido)
    .set({ situacao: 'expirado', arquivo: null })
    .where(
      and(
        eq(glPrivacidadePedido.tipo, 'exportacao'),
        eq(glPrivacidadePedido.situacao, 'pronto'),
        lte(glPrivacidadePedido.datahora_expira, now),
        usuarioId === undefined ? undefined : eq(glPrivacidadePedido.gl_usuario_id, usuarioId),
      ),
    );
}

/** A new export request; one open at a time (the unique index decides, not a read before). */
export async function requestExport(
  db: Database,
  usuarioId: number,
  ip: string,
  now = new Date(),
): Promise<ExportRequest> {
  await expireExports(db, now, usuarioId);
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(glPrivacidadePedido)
        .values({ gl_usuario_id: usuarioId, tipo: 'exportacao', situacao: 'pendente', ip })
        .returning();
      if (!inserted) throw new Error('gl_privacidade_pedido: insert returned no row');
      await auditRequest(tx, { usuarioId, ip }, 'lgpd_exportacao_pedida', inserted.id);
      return inserted;
    });
    return {
      id: row.id,
      situacao: 'pendente',
      progresso: 0,
      datahora_pedido: row.datahora_criado.toISOString(),
      datahora_expira: null,
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PRIVACY_MESSAGES.exportOpen, 'export_open');
    throw error;
  }
}

/**
 * Produces the pending exports: each is claimed (FOR UPDATE SKIP LOCKED, then 'processando' in
 * its own commit, so the screen sees the progress), built, and stored 'pronto' for 24 hours by a
 * conditional update. Two instances never take the same request.
 */
export async function processExports(
  db: Database,
  providerName: string,
  now = new Date(),
): Promise<number> {
  await expireExports(db, now);
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: glPrivacidadePedido.id, usuarioId: glPrivacidadePedido.gl_usuario_id })
      .from(glPrivacidadePedido)
      .where(
        and(
          eq(glPrivacidadePedido.tipo, 'exportacao'),
          or(
            eq(glPrivacidadePedido.situacao, 'pendente'),
            and(
              eq(glPrivacidadePedido.situacao, 'processando'),
              lt(
                glPrivacidadePedido.datahora_modificado,
                new Date(now.getTime() - EXPORT_LEASE_MS),
              ),
            ),
          ),
        ),
      )
      .orderBy(asc(glPrivacidadePedido.id))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(glPrivacidadePedido)
      .set({ situacao: 'processando', progresso: 10 })
      .where(
        inArray(
          glPrivacidadePedido.id,
          due.map((row) => row.id),
        ),
      );
    return due;
  });
  const ids = claimed.map((row) => row.id);
  const heartbeat = setInterval(() => {
    // The lease of what this run still produces (the conditional keeps finished ones as they are).
    db.update(glPrivacidadePedido)
      .set({ datahora_modificado: new Date() })
      .where(and(inArray(glPrivacidadePedido.id, ids), eq(glPrivacidadePedido.situacao, 'processando')))
      .catch(() => undefined); // a missed beat only shortens the lease; the next one tries again
  }, EXPORT_HEARTBEAT_MS);
  heartbeat.unref();
  try {
    for (const { id, usuarioId } of claimed) await produceExport(db, id, usuarioId, providerName, now);
  } finally {
    clearInterval(heartbeat);
  }
  return claimed.length;
}

/** One claimed export, built and stored 'pronto' for 24 hours by a conditional update. */
async function produceExport(db: Database, id: number, usuarioId: number, providerName: string, now: Date) {
  const data = await collectPersonalData(db, usuarioId);
  await db
    .update(glPrivacidadePedido)
    .set({ progresso: 60 })
    .where(eq(glPrivacidadePedido.id, id));
  const zip = personalDataZip(data, providerName, now);
  await db
    .update(glPrivacidadePedido)
    .set({
      situacao: 'pronto',
      progresso: 100,
      arquivo: zip,
      datahora_expira: new Date(now.getTime() + EXPORT_DOWNLOAD_HOURS * HOUR_MS),
    })
    .where(and(eq(glPrivacidadePedido.id, id), eq(glPrivacidadePedido.situacao, 'processando')));
}

/**
 * The ready file, once: the row is locked, read again and marked 'baixado' with the file
 * dropped in the same transaction, so two downloads at once give it to one of them.
 */
export async function takeExport(
  db: Database,
  usuarioId: number,
  id: number,
  now = new Date(),
): Promise<Uint8Array> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        situacao: glPrivacidadePedido.situacao,
        arquivo: glPrivacidadePedido.arquivo,
        expira: glPrivacidadePedido.datahora_expira,
      })
      .from(glPrivacidadePedido)
      .where(
        and(
          eq(glPrivacidadePedido.id, id),
          eq(glPrivacidadePedido.gl_usuario_id, usuarioId),
          eq(glPrivacidadePedido.tipo, 'exportacao'),
        ),
      )
      .for('update');
    if (!row || row.situacao !== 'pronto' || !row.arquivo || !row.expira || row.expira <= now) {
      throw notFound(PRIVACY_MESSAGES.exportUnavailable, 'export_unavailable');
    }
    await tx
      .update(glPrivacidadePedido)
      .set({ situacao: 'baixado', arquivo: null, datahora_concluido: now })
      .where(eq(glPrivacidadePedido.id, id));
    return row.arquivo;
  });
}
