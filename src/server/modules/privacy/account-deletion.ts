/**
 * The deletion of the account (LGPD art. 18, VI): scheduled, cancellable during the grace
 * period, then carried out by the job (what it removes: anonymise-user.ts).
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import { formatDateTime } from '#shared/format';
import { DELETION_GRACE_DAYS, PRIVACY_MESSAGES } from '#shared/privacy';
import type { DeletionRequest } from '#shared/schemas/privacy';
import type { Database } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { glPrivacidadePedido, glUsuario } from '../../platform/db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { deletionScheduledMail } from './mails.ts';
import { confirmPasswordAndSecondFactor } from '../auth/index.ts';
import { anonymiseUser } from './anonymise-user.ts';
import { auditRequest, BATCH_SIZE, HOUR_MS, type PrivacyDeps } from './lgpd-requests.ts';

/**
 * Schedules the deletion, DELETION_GRACE_DAYS from now, after the password and the second factor;
 * one scheduled at a time (unique index). The e-mail goes with the request (outbox).
 */
export async function requestDeletion(
  deps: PrivacyDeps,
  input: { usuarioId: number; ip: string; senha?: string | null; code?: string | null },
  now = new Date(),
): Promise<DeletionRequest> {
  await confirmPasswordAndSecondFactor(deps.acesso, input, now);
  const agendado = new Date(now.getTime() + DELETION_GRACE_DAYS * 24 * HOUR_MS);
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(glPrivacidadePedido)
        .values({
          gl_usuario_id: input.usuarioId,
          tipo: 'exclusao',
          situacao: 'agendado',
          ip: input.ip,
          datahora_agendado: agendado,
        })
        .returning();
      const [user] = await tx
        .select({ nome: glUsuario.nome, email: glUsuario.email })
        .from(glUsuario)
        .where(eq(glUsuario.id, input.usuarioId));
      if (!row || !user) throw new Error('deletion request: insert or user read returned nothing');
      await auditRequest(tx, input, 'lgpd_exclusao_pedida', row.id);
      await enqueueMail(tx, {
        to: user.email,
        ...deletionScheduledMail({
          providerName: deps.providerName,
          nome: user.nome,
          quando: agendado,
          portalUrl: deps.publicUrl,
        }),
      });
      return {
        id: row.id,
        datahora_pedido: row.datahora_criado.toISOString(),
        datahora_agendado: agendado.toISOString(),
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PRIVACY_MESSAGES.deletionOpen, 'deletion_open');
    throw error;
  }
}

export const deletionScheduledMessage = (request: DeletionRequest) =>
  PRIVACY_MESSAGES.deletionScheduled(formatDateTime(new Date(request.datahora_agendado)));

/** Cancels the person's scheduled deletion (a conditional update: not one already running). */
export async function cancelDeletion(db: Database, usuarioId: number, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(glPrivacidadePedido)
      .set({ situacao: 'cancelado', datahora_concluido: new Date() })
      .where(
        and(
          eq(glPrivacidadePedido.gl_usuario_id, usuarioId),
          eq(glPrivacidadePedido.tipo, 'exclusao'),
          eq(glPrivacidadePedido.situacao, 'agendado'),
        ),
      )
      .returning({ id: glPrivacidadePedido.id });
    if (!cancelled) throw notFound(PRIVACY_MESSAGES.noDeletion, 'no_deletion');
    await auditRequest(tx, { usuarioId, ip }, 'lgpd_exclusao_cancelada', cancelled.id);
  });
}

/**
 * Runs the deletions whose grace period is over. Each request is claimed with FOR UPDATE SKIP
 * LOCKED and moved 'agendado' → 'concluido' by a conditional update in the same transaction as
 * the anonymisation and the e-mail: it happens exactly once, whichever instance runs it, and a
 * run that fails leaves it for the next.
 */
export async function processDeletions(
  deps: Pick<PrivacyDeps, 'db' | 'providerName'>,
  now = new Date(),
): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: glPrivacidadePedido.id, usuarioId: glPrivacidadePedido.gl_usuario_id })
        .from(glPrivacidadePedido)
        .where(
          and(
            eq(glPrivacidadePedido.tipo, 'exclusao'),
            eq(glPrivacidadePedido.situacao, 'agendado'),
            lte(glPrivacidadePedido.datahora_agendado, now),
          ),
        )
        .orderBy(asc(glPrivacidadePedido.id))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      let count = 0;
      for (const request of due) {
        const [claimed] = await tx
          .update(glPrivacidadePedido)
          .set({ situacao: 'concluido', datahora_concluido: now })
          .where(
            and(
              eq(glPrivacidadePedido.id, request.id),
              eq(glPrivacidadePedido.situacao, 'agendado'),
            ),
          )
          .returning({ id: glPrivacidadePedido.id });
        if (!claimed) continue;
        const orphans = await anonymiseUser(tx, request.usuarioId, deps.providerName);
        await auditRequest(tx, { usuarioId: request.usuarioId, ip: null }, 'lgpd_exclusao_concluida', request.id);
        if (orphans.length > 0) {
          await tx
            .update(glPrivacidadePedido)
            .set({ observacao: `Clientes sem gerente após a exclusão: ${orphans.join('; ')}` })
            .where(eq(glPrivacidadePedido.id, request.id));
        }
        count++;
      }
      return { claimed: due.length, count };
    });
    done += batch.count;
    if (batch.claimed < BATCH_SIZE || batch.count === 0) break;
  }
  return done;
}
