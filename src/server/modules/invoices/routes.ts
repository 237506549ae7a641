import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '#shared/envelope';
import { BILLING_MESSAGES } from '#shared/schemas/billing';
import { approveInvoice } from '../billing/index.ts';
import { FATURA_TOKEN_PATTERN, type FaturaPixListDto } from '#shared/schemas/invoices';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError, notFound, tooManyRequests } from '../../platform/errors.ts';
import { localStorageFor, type FileStorage } from '../../platform/storage/file-storage.ts';
import { findNfsePdf, getInvoice, listInvoices } from './service.ts';
import { invoicePixPayment, listPixPayable } from './pix.ts';
import { invoiceIssuer, loadInvoiceDocument, sendInvoicePdf } from './invoice-document.ts';
import { customerBoleto, loadBoletoDocument, sendBoletoPdf, toBoletoDto } from '../boleto/index.ts';

export interface InvoiceRoutesOptions {
  db: Database;
  config: Config;
  /** Where NFS-e files live; by default `${DATA_DIR}/arquivos`. */
  storage?: FileStorage;
}

/** Requests per minute per address on each token route (a person reading invoices stays far below). */
export const INVOICE_ROUTE_MAX = 120;
/** Wrong tokens (or invoice ids) per address before every token route answers 429 (§6 guessing). */
export const INVOICE_GUESS_MAX = 20;
const FATURA_GUESS_WINDOW_MS = 15 * 60 * 1000;

const TokenParams = z.object({ token: z.string() });
const InvoiceParams = z.object({ token: z.string(), id: z.string() });

/** A path id: digits that fit an integer column; anything else names no invoice. */
function parseId(value: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * An error on its way to the log without the token: drizzle puts a failed query's parameters in
 * its message, and the token is one of them (docs/decisions/012: tokens never reach the logs).
 */
function withoutToken(error: unknown, token: string): unknown {
  if (error instanceof AppError) return error;
  const scrub = (text: string | undefined) => (text ?? '').split(token).join('[token]');
  const source = error instanceof Error ? error : new Error(String(error));
  const clean = new Error(scrub(source.message));
  clean.name = source.name;
  clean.stack = scrub(source.stack);
  const code = (source as { code?: unknown }).code ?? (source.cause as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') Object.assign(clean, { code });
  return clean;
}

async function guarded<T>(token: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw withoutToken(error, token);
  }
}

/**
 * §7 GET /api/pg_fatura/cliente/{token} and /{token}/{id}, plus the PDF of the note. §6: the
 * token in the path is the only credential, so (docs/decisions/012-invoice-tokens.md):
 * - a wrong token and another client's invoice get the same 404 as an unknown path;
 * - wrong guesses per address are counted and, past INVOICE_GUESS_MAX, answered with 429;
 * - answers are `Cache-Control: no-store` and `Referrer-Policy: no-referrer`;
 * - the request log carries the route pattern only (app.ts), errors are scrubbed of the token.
 */
export const invoiceRoutes: FastifyPluginCallbackZod<InvoiceRoutesOptions> = (app, options, done) => {
  const { db } = options;
  const storage = options.storage ?? localStorageFor(options.config.DATA_DIR);

  // Counts only failures: a peek before the work, an increment on a miss.
  const guesses = app.createRateLimit({
    max: INVOICE_GUESS_MAX,
    timeWindow: FATURA_GUESS_WINDOW_MS,
    keyGenerator: (request) => `pg_fatura_falha:${normalizeIP(request.ip, 64)}`,
  });
  const refuseGuessers = async (request: FastifyRequest) => {
    const status = await guesses(request, { increment: false });
    if (!status.isAllowed && status.remaining === 0) throw tooManyRequests();
  };
  const miss = async (request: FastifyRequest): Promise<never> => {
    await guesses(request);
    throw notFound();
  };

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    reply.header('Referrer-Policy', 'no-referrer');
  });

  const config = { rateLimit: { max: INVOICE_ROUTE_MAX, timeWindow: '1 minute' } };

  app.get('/pg_fatura/cliente/:token', { schema: { params: TokenParams }, config }, async (request) => {
    const { token } = request.params;
    await refuseGuessers(request);
    if (!FATURA_TOKEN_PATTERN.test(token)) return miss(request);
    const data = await guarded(token, () => listInvoices(db, token));
    return data ? envelope(data) : miss(request);
  });

  // Issue 20: which invoices can be paid by PIX, and the payment of one (same token rules).
  app.get('/pg_fatura/cliente/:token/pix', { schema: { params: TokenParams }, config }, async (request) => {
    const { token } = request.params;
    await refuseGuessers(request);
    if (!FATURA_TOKEN_PATTERN.test(token)) return miss(request);
    const data = await guarded(token, () => listPixPayable(db, token));
    if (!data) return miss(request);
    const answer: FaturaPixListDto = { faturas: data };
    return envelope(answer);
  });

  app.get('/pg_fatura/cliente/:token/:id/pix', { schema: { params: InvoiceParams }, config }, async (request) => {
    const { token } = request.params;
    await refuseGuessers(request);
    const id = parseId(request.params.id);
    if (!FATURA_TOKEN_PATTERN.test(token) || id === null) return miss(request);
    const data = await guarded(token, () => invoicePixPayment(db, token, id));
    if (!data) return miss(request);
    return envelope(data);
  });

  app.get('/pg_fatura/cliente/:token/:id', { schema: { params: InvoiceParams }, config }, async (request) => {
    const { token } = request.params;
    await refuseGuessers(request);
    const id = parseId(request.params.id);
    if (!FATURA_TOKEN_PATTERN.test(token) || id === null) return miss(request);
    const data = await guarded(token, () => getInvoice(db, token, id));
    return data ? envelope(data) : miss(request);
  });

  /**
   * A manager's approval of an invoice held for it (decision 102), from the e-mailed link that
   * lands on §2 fatura.emitidaAviso: the link is the credential, single-use, its misses counted
   * like the invoice list's. POST: opening the page is the approval, a crawler's GET is not.
   */
  app.post('/pg_fatura/aprovar/:token', { schema: { params: TokenParams }, config }, async (request) => {
    const { token } = request.params;
    await refuseGuessers(request);
    if (!FATURA_TOKEN_PATTERN.test(token)) return miss(request);
    const approved = await approveInvoice(db, token, {
      providerName: options.config.PROVIDER_NAME,
      publicUrl: options.config.publicUrl,
    });
    if (!approved) {
      await guesses(request);
      throw notFound(BILLING_MESSAGES.approvalInvalid, 'approval_invalid');
    }
    return envelope(null, { message: BILLING_MESSAGES.approved });
  });

  // Issue 40: the invoice's boleto (made on first asking when its account issues boletos).
  app.get('/pg_fatura/cliente/:token/:id/boleto', { schema: { params: InvoiceParams }, config }, async (request) => {
    const { token } = request.params;
    await refuseGuessers(request);
    const id = parseId(request.params.id);
    if (!FATURA_TOKEN_PATTERN.test(token) || id === null) return miss(request);
    const boleto = await guarded(token, () => customerBoleto(db, token, id));
    if (!boleto) return miss(request);
    return envelope(toBoletoDto(boleto, token));
  });

  // The registered boleto as a one-page PDF (issue 40); none before the bank registered it.
  app.get(
    '/pg_fatura/cliente/:token/:id/boleto.pdf',
    { schema: { params: InvoiceParams }, config },
    async (request, reply) => {
      const { token } = request.params;
      await refuseGuessers(request);
      const id = parseId(request.params.id);
      if (!FATURA_TOKEN_PATTERN.test(token) || id === null) return miss(request);
      const doc = await guarded(token, () => loadBoletoDocument(db, id, token));
      if (!doc) return miss(request);
      return sendBoletoPdf(reply, doc);
    },
  );

  // Issue 39: the invoice as a one-page PDF, drawn now from what the database holds.
  app.get(
    '/pg_fatura/cliente/:token/:id/fatura.pdf',
    { schema: { params: InvoiceParams }, config },
    async (request, reply) => {
      const { token } = request.params;
      await refuseGuessers(request);
      const id = parseId(request.params.id);
      if (!FATURA_TOKEN_PATTERN.test(token) || id === null) return miss(request);
      const doc = await guarded(token, () => loadInvoiceDocument(db, id, token));
      if (!doc) return miss(request);
      return sendInvoicePdf(reply, doc, invoiceIssuer(options.config));
    },
  );

  app.get(
    '/pg_fatura/cliente/:token/:id/nfse.pdf',
    { schema: { params: InvoiceParams }, config },
    async (request, reply) => {
      const { token } = request.params;
      await refuseGuessers(request);
      const id = parseId(request.params.id);
      if (!FATURA_TOKEN_PATTERN.test(token) || id === null) return miss(request);
      const pdf = await guarded(token, () => findNfsePdf(db, token, id));
      if (!pdf) return miss(request);
      return reply
        .type('application/pdf')
        .header('Content-Length', pdf.tamanho)
        .header('Content-Disposition', `attachment; filename="${pdf.fileName}"`)
        .send(storage.open(pdf.caminho));
    },
  );

  done();
};
