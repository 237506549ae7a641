import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { envelope } from '#shared/envelope';
import { ERROR_CODES, MESSAGES } from '#shared/messages';
import { escapeHtml } from './escape-html.ts';
import { routePreloader } from './route-preloads.ts';


const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });

/**
 * Pages whose address carries a secret (§2: the invoice list's client token, the reset link,
 * the invoice notice; tokens in the query of e.login and the e-mail notice): never stored by the
 * browser (docs/decisions/012-invoice-tokens.md). Every other page may be kept and revalidated.
 */
const SECRET_IN_PATH = /^\/(cliente\/[^/]+\/fatura|fatura\/faturaEmitida\/|login\/recuperar_token\/)/;
const pageCacheControl = (url: string) =>
  url.includes('?') || SECRET_IN_PATH.test(url) ? 'no-store' : 'private, no-cache';

/**
 * index.html, filled per request, compressed here: it leaves through the not-found handler,
 * which @fastify/compress does not reach (it hooks routes).
 */
function compressPage(html: string, acceptEncoding: string | undefined): { body: Buffer | string; encoding: string | null } {
  const encoding = acceptEncoding ? encodings.negotiate(acceptEncoding) : null;
  if (encoding === 'br') {
    return { body: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), encoding };
  }
  if (encoding === 'gzip') return { body: gzipSync(html), encoding };
  return { body: html, encoding: null };
}

export interface SpaOptions {
  /** The Vite build output (dist/client); absent in API tests, where only /api is served. */
  clientDir: string | null;
  providerName: string;
  contactEmail?: string | undefined;
}

/**
 * Serves the built SPA: hashed assets with long caching, and index.html for every other GET so
 * the client router can show its screens, its not-found page included. index.html is filled per
 * request with the session's CSRF token (the `csrf-token` meta tag of §7) and the provider name.
 * Files go out as the build compressed them (.br, .gz beside each, scripts/compress-assets.mjs);
 * docs/decisions/061-compression-and-caching.md.
 */
export async function registerSpa(app: FastifyInstance, options: SpaOptions): Promise<void> {
  const clientDir = options.clientDir;
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : null;
  const template = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

  if (clientDir && template) {
    const shared = { index: false, preCompressed: true, cacheControl: false } as const;
    // Vite names assets by content hash, so they never change under the same name. One route
    // serves them all: a route per file (two with HEAD, for each .br and .gz too) was 400 routes
    // built at every start (docs/decisions/093-start-time.md).
    await app.register(fastifyStatic, {
      ...shared,
      root: path.join(clientDir, 'assets'),
      prefix: '/assets/',
      setHeaders: (reply) => void reply.header('Cache-Control', 'public, max-age=31536000, immutable'),
    });
    // The few files of the top folder (favicon, robots.txt), each a route of its own so that
    // every other path reaches the not-found handler below (the client's screens).
    await app.register(fastifyStatic, {
      ...shared,
      root: clientDir,
      wildcard: false,
      decorateReply: false,
      globIgnore: ['assets/**', 'index.html'],
      // index.html only ever leaves through sendIndex, filled in.
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (reply) => void reply.header('Cache-Control', 'no-cache'),
    });
  }

  const preloads = clientDir && template ? routePreloader(clientDir) : () => '';

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    if (!template) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('O cliente web não foi compilado. Rode "npm run build" ou "npm start".');
    }
    const html = template
      .replace('__CSRF_TOKEN__', escapeHtml(request.session.csrfToken))
      .replace('__CSP_NONCE__', escapeHtml(reply.cspNonce?.style ?? ''))
      .replaceAll('__PROVIDER_NAME__', escapeHtml(options.providerName))
      .replaceAll('__CONTACT_EMAIL__', escapeHtml(options.contactEmail ?? ''))
      .replace('</head>', `${preloads(request.url.split('?')[0] ?? '')}</head>`);
    const page = compressPage(html, request.headers['accept-encoding']);
    if (page.encoding) reply.header('Content-Encoding', page.encoding);
    // Revalidated on every visit (a new deploy's asset names are in it); private: it carries the
    // session's CSRF token, so no shared cache keeps it.
    return reply
      .header('Cache-Control', pageCacheControl(request.url))
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8')
      .send(page.body);
  };

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    // A built file that is not there (an old tab asking for a chunk a new deploy replaced) is
    // a 404, not the page: a script answered with HTML fails as a wrong type, not as missing.
    if (isPage && request.url.startsWith('/assets/')) {
      return reply.status(404).header('Cache-Control', 'no-cache').type('text/plain; charset=utf-8').send('Arquivo não encontrado.');
    }
    if (isPage) return sendIndex(request, reply);
    return reply.status(404).send(envelope(null, { status: 404, message: MESSAGES.apiNotFound, code: ERROR_CODES.notFound }));
  });
}
