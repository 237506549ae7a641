import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { envelope } from '#shared/envelope';
import { MESSAGES } from '#shared/messages';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

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
 */
export async function registerSpa(app: FastifyInstance, options: SpaOptions): Promise<void> {
  const clientDir = options.clientDir;
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : null;
  const template = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

  if (clientDir && template) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      cacheControl: false,
      wildcard: false,
      // index.html only ever leaves through sendIndex, filled in.
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders(reply, filePath) {
        // Vite names assets by content hash, so they never change under the same name.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        void reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

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
      .replaceAll('__CONTACT_EMAIL__', escapeHtml(options.contactEmail ?? ''));
    return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
  };

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (isPage) return sendIndex(request, reply);
    return reply.status(404).send(envelope(null, { status: 404, message: MESSAGES.apiNotFound }));
  });
}
