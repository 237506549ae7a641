import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '#shared/envelope';
import {
  IdempotencyKeySchema,
  PlanChangeCancelRequestSchema,
  PlanChangeParamsSchema,
  PlanChangeRequestSchema,
} from '#shared/schemas/plans';
import {
  PLANO_MESSAGES,
  PROOF_FIELD,
  PROOF_MAX_BYTES,
  PROOF_MAX_FILES,
} from '#shared/plans';
import { eq } from 'drizzle-orm';
import { todayInSaoPaulo } from '#shared/dates';
import {
  ContratoParamsSchema,
  PlanChangePreviewQuerySchema,
  type PlanChangePreview,
} from '#shared/schemas/billing';
import { currentUserId, requireUser } from '../../platform/session/guards.ts';
import { glContrato } from '../../platform/db/schema.ts';
import { previewPlanChange } from '../billing/index.ts';
import type { Database } from '../../platform/db/database.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { deleteFile } from '../../platform/storage/stored-files.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { storeUpload } from '../../platform/storage/uploads.ts';
import {
  cancelPlanChange,
  preparePlanChange,
  submitPlanChange,
  type IdempotencyKey,
  type PlanChangeActor,
  type PreparedPlanChange,
} from './plan-change.ts';

export interface ContractRoutesOptions {
  db: Database;
  /** Where proof files go (`${DATA_DIR}/arquivos`). */
  storage: FileStorage;
  /** BILLING_LEAD_DAYS: the preview says when the next invoice is issued (decision 102). */
  billingLeadDays: number;
}

/** The call's fields, by the shared schema (a failure is a 422 per field, like a body schema's). */
const parseChange = (fields: unknown) => PlanChangeRequestSchema.parse(fields);

/** The Idempotency-Key header (decision 020), optional; a malformed one is a 422 on its name. */
function idempotencyKeyOf(request: FastifyRequest): IdempotencyKey {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return null;
  return z.object({ 'idempotency-key': IdempotencyKeySchema }).parse({ 'idempotency-key': value })['idempotency-key'];
}

/**
 * §7 plan change calls (docs/decisions/020-plan-change.md). selecionarPlanoAssinar takes JSON, or
 * multipart/form-data (§7 "multipart variants") when proof files go with it: the fields first,
 * then the files in `comprovantes`. Everything is checked before the first file is stored, so a
 * refused request writes nothing; files of a request that fails afterwards are removed again.
 */
export const contractRoutes: FastifyPluginCallbackZod<ContractRoutesOptions> = (
  app,
  { db, storage, billingLeadDays },
  done,
) => {
  /**
   * What a change would bill, before 'Confirmar' (decision 102): checked like the submit (the
   * manager, the option, the account, nothing pending), computed by the pricing that bills it,
   * and nothing written.
   */
  app.get(
    '/gl_contrato/:id/mudanca_previa',
    {
      schema: { params: ContratoParamsSchema, querystring: PlanChangePreviewQuerySchema },
      preValidation: requireUser(db),
    },
    async (request, reply) => {
      const actor = { usuarioId: currentUserId(request), clienteId: request.session.record?.clienteId ?? null };
      const prepared = await preparePlanChange(db, actor, {
        imediato: request.query.imediato,
        gl_contrato_id: request.params.id,
        gl_plano_pagamento_id: request.query.gl_plano_pagamento_id,
        pg_conta_id: request.query.pg_conta_id,
      });
      const [contract] = await db.select().from(glContrato).where(eq(glContrato.id, request.params.id));
      if (!contract) throw notFound(PLANO_MESSAGES.contractNotFound, 'contract_not_found');
      reply.header('Cache-Control', 'no-store');
      const data: PlanChangePreview = await previewPlanChange(
        db,
        contract,
        { pagamentoId: prepared.pagamentoId, contaId: prepared.contaId, imediato: prepared.imediato },
        { leadDays: billingLeadDays, today: todayInSaoPaulo() },
      );
      return envelope(data);
    },
  );

  app.post(
    '/gl_contrato_evento/selecionarPlanoAssinar',
    { preValidation: requireUser(db) },
    async (request, reply) => {
      const usuarioId = currentUserId(request);
      const actor = { usuarioId, clienteId: request.session.record?.clienteId ?? null };
      const key = idempotencyKeyOf(request);
      const arquivoIds: number[] = [];
      let prepared: PreparedPlanChange | null = null;
      try {
        if (request.isMultipart()) {
          prepared = await receiveMultipart(request, actor, key, arquivoIds);
        } else {
          prepared = await preparePlanChange(db, actor, parseChange(request.body), key);
        }
        if (!prepared.replay && prepared.requiresProofs && arquivoIds.length === 0) {
          throw fieldError(PROOF_FIELD, PLANO_MESSAGES.proofsRequired, 'proofs_required');
        }
        const { response, replayed } = await submitPlanChange(db, usuarioId, prepared, arquivoIds);
        // A retried submit keeps the files of the first one only.
        if (replayed) for (const id of arquivoIds) await deleteFile(db, storage, id);
        reply.header('Cache-Control', 'no-store');
        return envelope(response);
      } catch (error) {
        for (const id of arquivoIds) await deleteFile(db, storage, id);
        throw error;
      }
    },
  );

  async function receiveMultipart(
    request: FastifyRequest,
    actor: PlanChangeActor,
    key: IdempotencyKey,
    arquivoIds: number[],
  ): Promise<PreparedPlanChange> {
    const fields: Record<string, string> = {};
    let prepared: PreparedPlanChange | null = null;
    // One byte over the limit reaches storeUpload, which refuses it while streaming.
    for await (const part of request.parts({ limits: { fileSize: PROOF_MAX_BYTES + 1, files: PROOF_MAX_FILES + 1 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      try {
        prepared ??= await preparePlanChange(db, actor, parseChange(fields), key);
      } catch (error) {
        part.file.resume();
        throw error;
      }
      if (prepared.replay || part.fieldname !== PROOF_FIELD || !part.filename) {
        part.file.resume();
        continue;
      }
      if (arquivoIds.length >= PROOF_MAX_FILES) {
        part.file.resume();
        throw fieldError(PROOF_FIELD, PLANO_MESSAGES.tooManyProofs, 'too_many_files');
      }
      const arquivo = await storeUpload(db, storage, part, {
        accept: ['png', 'jpeg', 'pdf'],
        maxBytes: PROOF_MAX_BYTES,
        usuarioId: actor.usuarioId,
      });
      arquivoIds.push(arquivo.id);
    }
    return prepared ?? preparePlanChange(db, actor, parseChange(fields), key);
  }

  app.post(
    '/gl_contrato_evento/:id/cancelar',
    {
      schema: { params: PlanChangeParamsSchema, body: PlanChangeCancelRequestSchema },
      preValidation: requireUser(db),
    },
    async (request, reply) => {
      await cancelPlanChange(db, currentUserId(request), request.params.id);
      reply.header('Cache-Control', 'no-store');
      return envelope(null, { message: PLANO_MESSAGES.changeCancelled });
    },
  );

  done();
};
