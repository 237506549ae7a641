import { create as attachment } from 'content-disposition';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { envelope } from '#shared/envelope';
import { ACESSO_MESSAGES, AdminSelectClientRequestSchema } from '#shared/schemas/auth';
import { ADMIN_MESSAGES, InvoicePaymentRequestSchema, STAFF_LEVEL, UsuarioNivelSchema } from '#shared/schemas/admin';
import { INVOICE_MESSAGES } from '#shared/schemas/invoices';
import { BILLING_MESSAGES } from '#shared/schemas/billing';
import { formatMoney, fromCents } from '#shared/format';
import { billingForecast, cancelInvoice, issueNow } from '../billing/index.ts';
import { IdParamSchema, PlanChangeProofParamsSchema } from '#shared/schemas/crud';
import { PLANO_MESSAGES } from '#shared/plans';
import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '#shared/schemas/audit';
import { recordAudit, type AuditOrigin } from '../../platform/audit/audit-trail.ts';
import { currentUserId, requireStaff } from '../../platform/session/guards.ts';
import type { Config } from '../../platform/config.ts';
import type { Database, Queryable } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { registerCrudResource } from '../../platform/http/crud/resource.ts';
import { endUserAccess } from '../security/index.ts';
import { localStorageFor, type FileStorage } from '../../platform/storage/file-storage.ts';
import { cancelPendingChange } from '../contracts/index.ts';
import {
  confirmInvoicePayment,
  invoiceIssuer,
  loadInvoiceDocument,
  PIX_WEBHOOK_MESSAGES,
  type PixWebhookKeys,
  rotateInvoiceToken,
  rotatePixWebhookSecret,
  sendInvoicePdf,
} from '../invoices/index.ts';
import { rotateClientSecret } from '../oidc/index.ts';
import { ADMIN_RESOURCES } from './resources.ts';
import {
  assertMayChangeUser,
  clientToSelect,
  findPlanChangeProof,
  forcePasswordChange,
  resetTwofa,
  setStaffLevel,
} from './service.ts';

/** §6: the provider's admins (staff level ≤ 1). */
const ADMIN_LEVEL = STAFF_LEVEL.admin;

/**
 * The staff area's API (docs/decisions/030-staff-permissions.md): the generic
 * resources of resources.ts, and the actions that are not plain writes. Customers (client-user
 * links, gl_usuario.nivel null) get 403 everywhere here; visitors 401.
 */
export const adminRoutes: FastifyPluginCallbackZod<{
  db: Database;
  config: Config;
  pixWebhookKeys: PixWebhookKeys;
  storage?: FileStorage;
}> = (app, { db, config, pixWebhookKeys, storage }, done) => {
  const files = storage ?? localStorageFor(config.DATA_DIR);
  /** The staff member acting and their address, for the audit trail (decision 099). */
  const origin = (request: FastifyRequest): AuditOrigin => ({ actor: currentUserId(request), ip: request.ip });
  /** An action on the person of the path's id, in the trail with that person as its target. */
  const recordUserAction = (
    tx: Queryable,
    request: FastifyRequest,
    usuarioId: number,
    action: AuditAction,
    details?: Record<string, unknown>,
  ) =>
    recordAudit(tx, {
      ...origin(request),
      target: usuarioId,
      action,
      resource: 'gl_usuario',
      resourceId: usuarioId,
      ...(details && { details }),
    });
  for (const resource of ADMIN_RESOURCES) registerCrudResource(app, resource, { db, storage: files, isProduction: config.isProduction });

  /** §7 POST api/admin/cliente/selecionar {id}: the admin's session now works in that client. */
  app.post(
    '/admin/cliente/selecionar',
    {
      schema: { body: AdminSelectClientRequestSchema },
      preValidation: requireStaff(db, ADMIN_LEVEL),
    },
    async (request) => {
      const data = await clientToSelect(db, request.body.id);
      await request.session.setContext({ clienteId: data.cliente.id });
      await recordAudit(db, { ...origin(request), action: 'cliente_selecionado', resource: 'gl_cliente', resourceId: data.cliente.id });
      return envelope(data, { message: ACESSO_MESSAGES.clientSelected(data.cliente.razao_social) });
    },
  );

  // The invoice link (/cliente/{token}/fatura) is rotated when it leaked; the old one dies at once.
  app.post(
    '/admin/gl_cliente/:id/fatura_token',
    { schema: { params: IdParamSchema }, preValidation: requireStaff(db, STAFF_LEVEL.supervisor) },
    async (request) => {
      const fatura_token = await db.transaction(async (tx) => {
        const token = await rotateInvoiceToken(tx, request.params.id);
        await recordAudit(tx, { ...origin(request), action: 'token_fatura_gerado', resource: 'gl_cliente', resourceId: request.params.id });
        return token;
      });
      return envelope({ fatura_token }, { message: ADMIN_MESSAGES.tokenRotated });
    },
  );

  // Issue 20: a payment received (staff saw it in the bank): paid once, the receipt e-mailed.
  app.post(
    '/admin/pg_fatura/:id/pagamento',
    {
      schema: { params: IdParamSchema, body: InvoicePaymentRequestSchema },
      preValidation: requireStaff(db, STAFF_LEVEL.operator),
    },
    async (request) => {
      await confirmInvoicePayment(db, {
        faturaId: request.params.id,
        pagoEm: request.body.datahora_confirmado,
        providerName: config.PROVIDER_NAME,
        publicUrl: config.publicUrl,
      }, origin(request));
      return envelope(null, { message: INVOICE_MESSAGES.paid });
    },
  );

  // Issue 39 item 6: the invoice's PDF as its client downloads it, from the back-office's page.
  app.get(
    '/admin/pg_fatura/:id/fatura.pdf',
    { schema: { params: IdParamSchema }, preValidation: requireStaff(db, STAFF_LEVEL.operator) },
    async (request, reply) => {
      const doc = await loadInvoiceDocument(db, request.params.id, null);
      if (!doc) throw notFound();
      return sendInvoicePdf(reply, doc, invoiceIssuer(config));
    },
  );

  // Administração → Faturamento (decision 102): the next run's forecast.
  app.get('/admin/faturamento/previsao', { preValidation: requireStaff(db, STAFF_LEVEL.operator) }, async () =>
    envelope(await billingForecast(db, config.BILLING_LEAD_DAYS)),
  );

  // 'Emitir agora': one contract's next period (or its open adjustments), now.
  app.post(
    '/admin/gl_contrato/:id/emitir_agora',
    { schema: { params: IdParamSchema }, preValidation: requireStaff(db, STAFF_LEVEL.operator) },
    async (request) => {
      const issued = await issueNow(
        db,
        request.params.id,
        { providerName: config.PROVIDER_NAME, publicUrl: config.publicUrl, leadDays: config.BILLING_LEAD_DAYS },
        origin(request),
      );
      return envelope(
        { pg_fatura_id: issued.id, valor: fromCents(issued.cents), data_vencimento: issued.vencimento },
        { message: BILLING_MESSAGES.issued(formatMoney(fromCents(issued.cents))) },
      );
    },
  );

  // A correction is a cancellation plus a new invoice (decision 102); deleting is for staff's own.
  app.post(
    '/admin/pg_fatura/:id/cancelar',
    { schema: { params: IdParamSchema }, preValidation: requireStaff(db, STAFF_LEVEL.supervisor) },
    async (request) => {
      await cancelInvoice(db, request.params.id, origin(request));
      return envelope(null, { message: BILLING_MESSAGES.cancelled });
    },
  );

  // The secret a PSP signs the account's PIX notifications with (issue 20): shown once.
  app.post(
    '/admin/pg_conta/:id/pix_webhook_segredo',
    { schema: { params: IdParamSchema }, preValidation: requireStaff(db, STAFF_LEVEL.supervisor) },
    async (request, reply) => {
      const data = await db.transaction(async (tx) => {
        const made = await rotatePixWebhookSecret(tx, pixWebhookKeys, request.params.id);
        await recordAudit(tx, { ...origin(request), action: 'segredo_webhook_pix_gerado', resource: 'pg_conta', resourceId: request.params.id });
        return made;
      });
      reply.header('Cache-Control', 'no-store');
      return envelope(data, { message: PIX_WEBHOOK_MESSAGES.secretCreated });
    },
  );

  // An application's secret (decision 087): shown in this answer only; the old one dies at once.
  app.post(
    '/admin/gl_oidc_cliente/:id/segredo',
    { schema: { params: IdParamSchema }, preValidation: requireStaff(db, STAFF_LEVEL.supervisor) },
    async (request, reply) => {
      const data = await db.transaction(async (tx) => {
        const made = await rotateClientSecret(tx, request.params.id);
        await recordAudit(tx, { ...origin(request), action: 'segredo_aplicativo_gerado', resource: 'gl_oidc_cliente', resourceId: request.params.id });
        return made;
      });
      reply.header('Cache-Control', 'no-store');
      return envelope(data, { message: ADMIN_MESSAGES.oidcSecretCreated });
    },
  );

  app.post(
    '/admin/gl_usuario/:id/twofa_resetar',
    { schema: { params: IdParamSchema }, preValidation: requireStaff(db, STAFF_LEVEL.supervisor) },
    async (request) => {
      await db.transaction(async (tx) => {
        await assertMayChangeUser(tx, currentUserId(request), request.params.id);
        await resetTwofa(tx, request.params.id);
        await recordUserAction(tx, request, request.params.id, 'twofa_resetado');
      });
      return envelope(null, { message: ADMIN_MESSAGES.twofaReset });
    },
  );

  app.post(
    '/admin/gl_usuario/:id/senha_revalidar',
    { schema: { params: IdParamSchema }, preValidation: requireStaff(db, STAFF_LEVEL.supervisor) },
    async (request) => {
      await db.transaction(async (tx) => {
        await assertMayChangeUser(tx, currentUserId(request), request.params.id);
        await forcePasswordChange(tx, request.params.id);
        await recordUserAction(tx, request, request.params.id, 'senha_revalidar');
      });
      return envelope(null, { message: ADMIN_MESSAGES.passwordReset });
    },
  );

  // Every session of the person ends at once (decisions 070-072; OWASP ASVS 7.4.5): a stolen laptop, a
  // person who left. Nothing else changes; they sign in again with their own credentials.
  app.post(
    '/admin/gl_usuario/:id/sessoes_encerrar',
    { schema: { params: IdParamSchema }, preValidation: requireStaff(db, STAFF_LEVEL.supervisor) },
    async (request) => {
      await db.transaction(async (tx) => {
        await assertMayChangeUser(tx, currentUserId(request), request.params.id);
        await endUserAccess(tx, request.params.id);
        await recordUserAction(tx, request, request.params.id, 'sessoes_encerradas');
      });
      return envelope(null, { message: ADMIN_MESSAGES.sessionsEnded });
    },
  );

  app.post(
    '/admin/gl_usuario/:id/nivel',
    {
      schema: { params: IdParamSchema, body: UsuarioNivelSchema },
      preValidation: requireStaff(db, STAFF_LEVEL.admin),
    },
    async (request) => {
      await db.transaction(async (tx) => {
        await assertMayChangeUser(tx, currentUserId(request), request.params.id);
        const before = await setStaffLevel(tx, request.params.id, request.body.nivel);
        await recordUserAction(tx, request, request.params.id, 'nivel_alterado', { nivel: { de: before, para: request.body.nivel } });
      });
      return envelope(null, { message: ADMIN_MESSAGES.levelChanged });
    },
  );

  app.post(
    '/admin/gl_contrato_evento/:id/cancelar',
    { schema: { params: IdParamSchema }, preValidation: requireStaff(db, STAFF_LEVEL.supervisor) },
    async (request) => {
      await db.transaction(async (tx) => {
        await cancelPendingChange(tx, request.params.id);
        await recordAudit(tx, { ...origin(request), action: 'mudanca_plano_cancelada', resource: 'gl_contrato_evento', resourceId: request.params.id });
      });
      return envelope(null, { message: PLANO_MESSAGES.changeCancelled });
    },
  );
  // The proofs a plan change came with (§5 Plan signup), for staff to check before it applies.
  app.get(
    '/admin/gl_contrato_evento/:id/comprovantes/:arquivoId',
    { schema: { params: PlanChangeProofParamsSchema }, preValidation: requireStaff(db, STAFF_LEVEL.operator) },
    async (request, reply) => {
      const proof = await findPlanChangeProof(db, request.params.id, request.params.arquivoId);
      if (!proof) throw notFound();
      // The type was sniffed from the content at upload (PNG, JPEG or PDF); always a download.
      return reply
        .type(proof.tipo_mime)
        .header('Content-Length', proof.tamanho)
        .header('Content-Disposition', attachment(proof.nome_original))
        .header('Cache-Control', 'no-store')
        .send(files.open(proof.caminho));
    },
  );
  done();
};
