import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { envelope } from '#shared/envelope';
import {
  PLANO_MESSAGES,
  PROOF_FIELD,
  PROOF_MAX_BYTES,
  PROOF_MAX_FILES,
  PlanChangeCancelRequestSchema,
  PlanChangeParamsSchema,
  PlanChangeRequestSchema,
} from '#shared/schemas/plano';
import { currentUserId, requireUser } from '../../auth/guards.ts';
import type { Database } from '../../db/database.ts';
import { fieldError } from '../../errors.ts';
import { deleteArquivo } from '../../storage/arquivo-service.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { storeUpload } from '../../storage/uploads.ts';
import {
  cancelPlanChange,
  preparePlanChange,
  submitPlanChange,
  type PlanChangeActor,
  type PreparedPlanChange,
} from './plan-change.ts';

export interface ContratoRoutesOptions {
  db: Database;
  /** Where proof files go (`${DATA_DIR}/arquivos`). */
  storage: FileStorage;
}

/** The call's fields, by the shared schema (a failure is a 422 per field, like a body schema's). */
const parseChange = (fields: unknown) => PlanChangeRequestSchema.parse(fields);

/**
 * §7 plan change calls (docs/decisions/020-plan-change.md). selecionarPlanoAssinar takes JSON, or
 * multipart/form-data (§7 "multipart variants") when proof files go with it: the fields first,
 * then the files in `comprovantes`. Everything is checked before the first file is stored, so a
 * refused request writes nothing; files of a request that fails afterwards are removed again.
 */
export const contratoRoutes: FastifyPluginCallbackZod<ContratoRoutesOptions> = (app, { db, storage }, done) => {
  app.post(
    '/gl_contrato_evento/selecionarPlanoAssinar',
    { preValidation: requireUser(db) },
    async (request, reply) => {
      const usuarioId = currentUserId(request);
      const actor = { usuarioId, clienteId: request.session.record?.clienteId ?? null };
      const arquivoIds: number[] = [];
      let prepared: PreparedPlanChange | null = null;
      try {
        if (request.isMultipart()) {
          prepared = await receiveMultipart(request, actor, arquivoIds);
        } else {
          prepared = await preparePlanChange(db, actor, parseChange(request.body));
        }
        if (prepared.requiresProofs && arquivoIds.length === 0) {
          throw fieldError(PROOF_FIELD, PLANO_MESSAGES.proofsRequired, 'proofs_required');
        }
        const result = await submitPlanChange(db, usuarioId, prepared, arquivoIds);
        reply.header('Cache-Control', 'no-store');
        return envelope(result);
      } catch (error) {
        for (const id of arquivoIds) await deleteArquivo(db, storage, id);
        throw error;
      }
    },
  );

  async function receiveMultipart(
    request: FastifyRequest,
    actor: PlanChangeActor,
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
        prepared ??= await preparePlanChange(db, actor, parseChange(fields));
      } catch (error) {
        part.file.resume();
        throw error;
      }
      if (part.fieldname !== PROOF_FIELD || !part.filename) {
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
    return prepared ?? preparePlanChange(db, actor, parseChange(fields));
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
