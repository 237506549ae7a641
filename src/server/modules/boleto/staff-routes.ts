import { create as attachment } from 'content-disposition';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { BOLETO_BANKS } from '#shared/boleto/banks/index';
import { envelope } from '#shared/envelope';
import { ERROR_CODES, MESSAGES } from '#shared/messages';
import { STAFF_LEVEL } from '#shared/schemas/admin';
import type { CobrancaContaDto } from '#shared/schemas/bank-collection';
import { IdParamSchema } from '#shared/schemas/crud';
import { recordAudit, type AuditOrigin } from '../../platform/audit/audit-trail.ts';
import { currentUserId, requireStaff } from '../../platform/session/guards.ts';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { generateRemessa, REMESSA_MESSAGES, remessaFile } from './remessa-service.ts';
import { applyRetorno, RETORNO_FIELD, RETORNO_MESSAGES, retornoFile } from './retorno-service.ts';

/** A bank's retorno of a day holds a few thousand boletos at 480 bytes each; far below this. */
const RETORNO_MAX_BYTES = 10 * 1024 * 1024;

/** A CNAB file as a download: ASCII text, never cached (it names payers and amounts). */
const sendCnab = (reply: import('fastify').FastifyReply, fileName: string, conteudo: string) =>
  reply
    .header('Cache-Control', 'no-store')
    .type('text/plain; charset=us-ascii')
    .header('Content-Disposition', attachment(fileName))
    .send(conteudo);

/**
 * Administração → Cobrança bancária (issue 40 items 4 and 5, decision 112): the accounts that
 * issue boletos, the remessa files staff send to the bank and the retorno files they bring back.
 * Making a file or applying one is for supervisors; reading them for operators.
 */
export const bankCollectionRoutes: FastifyPluginCallbackZod<{ db: Database; config: Config }> = (app, { db, config }, done) => {
  const origin = (request: FastifyRequest): AuditOrigin => ({ actor: currentUserId(request), ip: request.ip });

  app.get('/admin/cobranca_bancaria/contas', { preValidation: requireStaff(db, STAFF_LEVEL.operator) }, async (_request, reply) => {
    type Row = {
      id: number;
      nome_exibicao: string;
      banco: string;
      a_enviar: number;
      aguardando_banco: number;
      registrados: number;
      liquidados: number;
      rejeitados: number;
      ultima_remessa: { numero: number; datahora: string } | null;
      ultimo_retorno: { numero: number; datahora: string } | null;
    };
    const { rows } = (await db.execute<Row>(sql`
      select c.id, c.nome_exibicao, c.boleto_banco as banco,
        count(b.id) filter (where b.situacao = 'em_registro' and b.pg_remessa_id is null)::int as a_enviar,
        count(b.id) filter (where b.situacao = 'em_registro' and b.pg_remessa_id is not null)::int as aguardando_banco,
        count(b.id) filter (where b.situacao = 'registrado')::int as registrados,
        count(b.id) filter (where b.situacao = 'liquidado')::int as liquidados,
        count(b.id) filter (where b.situacao = 'rejeitado')::int as rejeitados,
        (select json_build_object('numero', r.numero, 'datahora', r.datahora_criado)
           from pg_remessa r where r.pg_conta_id = c.id order by r.numero desc limit 1) as ultima_remessa,
        (select json_build_object('numero', t.numero, 'datahora', t.datahora_criado)
           from pg_retorno t where t.pg_conta_id = c.id order by t.id desc limit 1) as ultimo_retorno
      from pg_conta c
      left join pg_boleto b on b.pg_conta_id = c.id
      where c.boleto_banco is not null
      group by c.id
      order by c.nome_exibicao, c.id`)) as { rows: Row[] };
    // json_build_object writes timestamps in the server's own format; the wire has ISO 8601.
    const iso = (file: Row['ultima_remessa']) => file && { numero: file.numero, datahora: new Date(file.datahora).toISOString() };
    const data: CobrancaContaDto[] = rows.map((row) => ({
      ...row,
      banco_nome: BOLETO_BANKS.get(row.banco)?.name ?? row.banco,
      ultima_remessa: iso(row.ultima_remessa),
      ultimo_retorno: iso(row.ultimo_retorno),
    }));
    reply.header('Cache-Control', 'no-store');
    return envelope(data);
  });

  // The account's next CNAB 240 remessa, and any remessa again by its id.
  app.post(
    '/admin/pg_conta/:id/remessa',
    { schema: { params: IdParamSchema }, preValidation: requireStaff(db, STAFF_LEVEL.supervisor) },
    async (request) => {
      const made = await generateRemessa(db, request.params.id, { usuarioId: currentUserId(request) });
      await recordAudit(db, { ...origin(request), action: 'remessa_gerada', resource: 'pg_conta', resourceId: request.params.id, details: { numero: made.numero } });
      return envelope(made, { message: REMESSA_MESSAGES.made(made.numero, made.quantidade) });
    },
  );
  app.get(
    '/admin/pg_remessa/:id/arquivo',
    { schema: { params: IdParamSchema }, preValidation: requireStaff(db, STAFF_LEVEL.operator) },
    async (request, reply) => {
      const file = await remessaFile(db, request.params.id);
      return sendCnab(reply, file.fileName, file.conteudo);
    },
  );

  // The bank's retorno, as multipart/form-data with the file in `arquivo`.
  app.post(
    '/admin/pg_conta/:id/retorno',
    { schema: { params: IdParamSchema }, preValidation: requireStaff(db, STAFF_LEVEL.supervisor) },
    async (request) => {
      if (!request.isMultipart()) throw new AppError(415, MESSAGES.unsupportedMediaType, 'multipart_expected');
      const part = await request.file({ limits: { fileSize: RETORNO_MAX_BYTES, files: 1 } });
      if (!part || part.fieldname !== RETORNO_FIELD || !part.filename) {
        part?.file.resume();
        throw fieldError(RETORNO_FIELD, RETORNO_MESSAGES.missing);
      }
      const bytes = await part.toBuffer().catch((error: unknown) => {
        if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, RETORNO_MESSAGES.tooLarge(RETORNO_MAX_BYTES / (1024 * 1024)), ERROR_CODES.payloadTooLarge, {
            [RETORNO_FIELD]: [RETORNO_MESSAGES.tooLarge(RETORNO_MAX_BYTES / (1024 * 1024))],
          });
        }
        throw error;
      });
      // CNAB files are ASCII; read as Latin-1 so a stray accented byte is one character the
      // parser can point at, never a decoding error.
      const applied = await applyRetorno(db, request.params.id, {
        nomeArquivo: part.filename,
        conteudo: bytes.toString('latin1'),
        usuarioId: currentUserId(request),
        providerName: config.PROVIDER_NAME,
        publicUrl: config.publicUrl,
      });
      await recordAudit(db, { ...origin(request), action: 'retorno_processado', resource: 'pg_conta', resourceId: request.params.id, details: { ...applied } });
      return envelope(applied, { message: RETORNO_MESSAGES.applied(applied) });
    },
  );
  app.get(
    '/admin/pg_retorno/:id/arquivo',
    { schema: { params: IdParamSchema }, preValidation: requireStaff(db, STAFF_LEVEL.operator) },
    async (request, reply) => {
      const file = await retornoFile(db, request.params.id);
      return sendCnab(reply, file.nome, file.conteudo);
    },
  );

  done();
};
