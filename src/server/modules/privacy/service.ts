import { and, asc, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { formatDateTime } from '#shared/format';
import { LEVEL_ACCOUNT_MANAGER } from '#shared/levels';
import { DELETION_GRACE_DAYS, EXPORT_DOWNLOAD_HOURS, PRIVACY_MESSAGES } from '#shared/privacy';
import {
  type DeletionRequest,
  type ExportRequest,
  type ExportState,
  type PrivacyOverview,
} from '#shared/schemas/privacy';
import type { LegalDocument } from '#shared/legal';
import { hashPassword } from '../../platform/crypto/password.ts';
import type { Database, Queryable } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import {
  glAcessoEvento,
  glCliente,
  glClienteUsuario,
  glEmailSaida,
  glPrivacidadePedido,
  glSessao,
  glUsuario,
  glUsuarioAcesso,
  glUsuarioChaveAcesso,
  glUsuarioChaveRecuperacao,
  glUsuarioDispositivo,
  glUsuarioNavegador,
  glUsuarioSenhaToken,
  glUsuarioTermoAceite,
  glUsuarioTotpPasso,
  glWebauthnDesafio,
} from '../../platform/db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { deletionCompletedMail, deletionScheduledMail } from '../../platform/mail/templates.ts';
import { randomToken } from '../../platform/session/tokens.ts';
import { revokeApplicationAccess } from '../oidc/index.ts';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import type { AuditAction } from '#shared/schemas/audit';
import { confirmPasswordAndSecondFactor, type AcessoDeps } from '../auth/index.ts';
import { currentVersions, listConsents, pendingConsents } from './legal-versions.ts';
import { collectPersonalData, personalDataZip } from './personal-data.ts';

const HOUR_MS = 3_600_000;
/**
 * An export being produced is leased (issue 36 item 6): its instance renews the lease every
 * EXPORT_HEARTBEAT_MS by touching the row; one left 'processando' untouched this long lost its
 * instance (killed) and is taken over by the next run anywhere.
 */
const EXPORT_LEASE_MS = 30_000;
const EXPORT_HEARTBEAT_MS = 10_000;
/** Requests handled per run of the job. */
const BATCH_SIZE = 5;

export interface PrivacyDeps {
  db: Database;
  acesso: AcessoDeps;
  providerName: string;
  publicUrl: string;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

// ---------------------------------------------------------------------------------------------
// What the person sees

export async function privacyOverview(db: Queryable, usuarioId: number): Promise<PrivacyOverview> {
  const [consents, versions, pending, requests] = await Promise.all([
    listConsents(db, usuarioId),
    currentVersions(db),
    pendingConsents(db, usuarioId),
    db
      .select({
        id: glPrivacidadePedido.id,
        tipo: glPrivacidadePedido.tipo,
        situacao: glPrivacidadePedido.situacao,
        progresso: glPrivacidadePedido.progresso,
        datahora_criado: glPrivacidadePedido.datahora_criado,
        datahora_expira: glPrivacidadePedido.datahora_expira,
        datahora_agendado: glPrivacidadePedido.datahora_agendado,
      })
      .from(glPrivacidadePedido)
      .where(eq(glPrivacidadePedido.gl_usuario_id, usuarioId))
      .orderBy(desc(glPrivacidadePedido.id)),
  ]);
  const lastExport = requests.find((request) => request.tipo === 'exportacao');
  const deletion = requests.find(
    (request) => request.tipo === 'exclusao' && request.situacao === 'agendado',
  );
  const now = Date.now();
  const exportState = (row: NonNullable<typeof lastExport>): ExportState =>
    row.situacao === 'pronto' && row.datahora_expira && row.datahora_expira.getTime() <= now
      ? 'expirado'
      : (row.situacao as ExportState);
  return {
    consentimentos: consents.map((row) => ({
      documento: row.documento as LegalDocument,
      versao: row.versao,
      datahora_aceite: row.datahora_aceite.toISOString(),
      ip: row.ip,
    })),
    versoes_atuais: versions,
    termos_pendentes: pending,
    exportacao: lastExport
      ? {
          id: lastExport.id,
          situacao: exportState(lastExport),
          progresso: lastExport.progresso,
          datahora_pedido: lastExport.datahora_criado.toISOString(),
          datahora_expira: iso(lastExport.datahora_expira),
        }
      : null,
    exclusao: deletion?.datahora_agendado
      ? {
          id: deletion.id,
          datahora_pedido: deletion.datahora_criado.toISOString(),
          datahora_agendado: deletion.datahora_agendado.toISOString(),
        }
      : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The copy of the person's data (LGPD art. 18, II and V)

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

// ---------------------------------------------------------------------------------------------
// The deletion of the account (LGPD art. 18, VI)

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

/** A person's LGPD request in the audit trail (decision 099); the job's completion has no actor. */
function auditRequest(
  tx: Queryable,
  who: { usuarioId: number; ip: string | null },
  action: AuditAction,
  requestId: number,
) {
  return recordAudit(tx, {
    actor: action === 'lgpd_exclusao_concluida' ? null : who.usuarioId,
    target: who.usuarioId,
    action,
    resource: 'gl_privacidade_pedido',
    resourceId: requestId,
    ip: who.ip,
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

/** Placeholder name of an anonymised person (staff see it in the back-office). */
export const ANONYMISED_NAME = 'Pessoa excluída';

/**
 * Removes a person's personal data (issue 19): their record anonymised (name, nickname, e-mail,
 * phone, password, 2FA), sessions, devices, passkeys, recovery keys, sign-in history, tokens,
 * the applications' sessions, the e-mails sent to them, the IP of their consents, their client
 * links. Invoices, NFS-e and contracts belong to the clients and stay (fiscal records, 5 years).
 * Answers the clients left without a manager (nivel ≤ 10), for staff.
 */
async function anonymiseUser(
  tx: Queryable,
  usuarioId: number,
  providerName: string,
): Promise<string[]> {
  const [user] = await tx
    .select({ nome: glUsuario.nome, email: glUsuario.email })
    .from(glUsuario)
    .where(eq(glUsuario.id, usuarioId));
  if (!user) return [];
  const links = await tx
    .delete(glClienteUsuario)
    .where(eq(glClienteUsuario.gl_usuario_id, usuarioId))
    .returning({ clienteId: glClienteUsuario.gl_cliente_id });
  const clienteIds = links.map((link) => link.clienteId);
  const orphans =
    clienteIds.length === 0
      ? []
      : await tx
          .select({ razao_social: glCliente.razao_social, id: glCliente.id })
          .from(glCliente)
          .where(
            and(
              inArray(glCliente.id, clienteIds),
              sql`not exists (select 1 from ${glClienteUsuario} where ${glClienteUsuario.gl_cliente_id} = ${glCliente.id} and ${glClienteUsuario.nivel} <= ${LEVEL_ACCOUNT_MANAGER})`,
            ),
          );
  await revokeApplicationAccess(tx, usuarioId);
  for (const table of [
    glSessao,
    glAcessoEvento,
    glUsuarioChaveRecuperacao,
    glUsuarioDispositivo,
    glUsuarioTotpPasso,
    glUsuarioAcesso,
    glUsuarioNavegador,
    glUsuarioChaveAcesso,
    glWebauthnDesafio,
    glUsuarioSenhaToken,
  ]) {
    await tx.delete(table).where(eq(table.gl_usuario_id, usuarioId));
  }
  await tx
    .delete(glEmailSaida)
    .where(sql`lower(${glEmailSaida.destinatario}) = lower(${user.email})`);
  // The consent itself is the record of a legal basis; where it came from is personal data.
  await tx
    .update(glUsuarioTermoAceite)
    .set({ ip: null })
    .where(eq(glUsuarioTermoAceite.gl_usuario_id, usuarioId));
  await tx
    .update(glPrivacidadePedido)
    .set({ arquivo: null, ip: null })
    .where(eq(glPrivacidadePedido.gl_usuario_id, usuarioId));
  await tx
    .update(glUsuario)
    .set({
      nome: ANONYMISED_NAME,
      apelido: null,
      email: `excluido-${usuarioId}@anonimo.invalid`,
      telefone_celular: null,
      // A password nobody knows (an unusable hash would make the sign-in's check fail loudly).
      senha_hash: await hashPassword(randomToken()),
      senha_revalidar: false,
      senha_temporaria_expira: null,
      nivel: null,
      ativo: false,
      twofa_secret: null,
      twofa_secret_validado_em: null,
      twofa_ativo: false,
      twofa_lembrar_em: null,
    })
    .where(eq(glUsuario.id, usuarioId));
  await enqueueMail(tx, {
    to: user.email,
    ...deletionCompletedMail({ providerName, nome: user.nome }),
  });
  return orphans.map((cliente) => `${cliente.razao_social} (id ${cliente.id})`);
}
