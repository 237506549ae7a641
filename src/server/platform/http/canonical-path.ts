import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors.ts';

/**
 * One spelling per API path (docs/security.md). The router decodes percent-escapes before it
 * matches ('/%61pi/acesso/login' reaches the login route), and proxies or browsers may resolve
 * '.', '..', '\' and '//' on their own; a check that reads the raw URL would see another path
 * than the route that runs. So a path that names the API in any spelling other than the
 * canonical one is answered 404 before anything else runs, and the checks that depend on "is
 * this the API" decide by the matched route (session-plugin.ts isApiRequest).
 */

/** RFC 3986 §2.3: a percent-escape of one of these is only another spelling of it (§6.2.2.2). */
const UNRESERVED = /^[A-Za-z0-9._~-]$/;
const ESCAPE = /%([0-9A-Fa-f]{2})/g;

/** The path of a request target, without query or fragment. */
function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** An escape another reader would take as a plain character or a separator. */
function isNeedlessEscape(hex: string): boolean {
  const char = String.fromCharCode(Number.parseInt(hex, 16));
  return UNRESERVED.test(char) || char === '/' || char === '\\';
}

/** Whether a raw path is spelled the one way the routes are written. */
function isCanonicalPath(path: string): boolean {
  if (!path.startsWith('/') || path.includes('\\') || path.includes('//')) return false;
  if (path.length > 1 && path.endsWith('/')) return false;
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) return false;
  for (const match of path.matchAll(ESCAPE)) if (isNeedlessEscape(match[1] ?? '')) return false;
  return true;
}

/**
 * The path as the most lenient reader would understand it: needless escapes decoded, '\' read
 * as '/', repeated slashes collapsed, dot segments resolved (RFC 3986 §5.2.4), lower-case.
 */
function looseForm(path: string): string {
  const decoded = path
    .replace(ESCAPE, (escape, hex: string) => (isNeedlessEscape(hex) ? String.fromCharCode(Number.parseInt(hex, 16)) : escape))
    .replaceAll('\\', '/');
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}

/** Whether any reader would take the path for one under /api. */
function namesApi(path: string): boolean {
  const loose = looseForm(path);
  return loose === '/api' || loose.startsWith('/api/');
}

/**
 * Whether any reader would take the path for one under /oidc. The OpenID provider's router
 * matches paths case-insensitively (oidc-provider 9), so its paths are held to one spelling here
 * as the API's are: only the paths it serves, as the oidc module spells them (its isOidcPath,
 * passed in by app.ts, since the platform never imports a module).
 */
function namesOidc(path: string): boolean {
  const loose = looseForm(path);
  return loose === '/oidc' || loose.startsWith('/oidc/');
}

/**
 * The first hook of every request: a path that names the API or the OpenID provider (or matches
 * any route) in a spelling other than its canonical one gets the 404 envelope, with the API's
 * security headers. Page paths the SPA serves are left alone (its router shows its own
 * not-found page).
 */
export function registerCanonicalPaths(
  app: FastifyInstance,
  apiHeaders: Readonly<Record<string, string>>,
  isOidcPath: (path: string) => boolean,
): void {
  app.addHook('onRequest', (request, reply, done) => {
    const path = pathOf(request.url);
    const canonical = isCanonicalPath(path);
    const refused = namesApi(path)
      ? !canonical || !path.startsWith('/api/')
      : namesOidc(path)
        ? !canonical || !isOidcPath(path)
        : !canonical && request.routeOptions.url !== undefined;
    if (!refused) return done();
    // The hooks that set an API answer's security headers (http/security.ts) do not run after
    // this one refuses, so the 404 envelope takes them here.
    void reply.headers(apiHeaders);
    done(notFound());
  });
}
