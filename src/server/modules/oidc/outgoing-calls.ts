import dns from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { MESSAGES } from '#shared/messages';
import { OIDC_PUBLIC_ADDRESS_MESSAGE } from '#shared/schemas/admin';
import { AppError } from '../../platform/errors.ts';

/**
 * The provider's outgoing calls (back-channel logout; oidc-provider's `fetch` option) reach only
 * public addresses (OWASP SSRF Prevention Cheat Sheet: resolve, check every address, then connect
 * to the checked one). oidc-provider's own guard checks the socket after it connected and misses
 * TLS sockets, so `https://127.0.0.1` got through; this one refuses before any connection, for
 * every scheme.
 */

/**
 * A refused call: a thrown error, which the provider reports as `backchannel.error` (logged by
 * provider.ts) and the portal's Logout logs as a failed back-channel logout (logout.ts).
 */
export class OutgoingCallRefused extends Error {
  constructor(host: string, reason: string) {
    super(`outgoing call to ${host} refused: ${reason}`);
    this.name = 'OutgoingCallRefused';
  }
}

// IANA allocates global unicast IPv6 only from 2000::/3 (RFC 4291 §2.4); ipaddr.js calls the rest
// of ::/8 'unicast' too (e.g. the deprecated IPv4-compatible ::127.0.0.1).
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/**
 * The special-purpose range of an address (RFC 6890 registries: loopback, private, linkLocal,
 * carrierGradeNat, uniqueLocal, multicast, reserved, ...), or 'unicast' for a public one.
 * IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it reaches.
 */
export function addressRange(address: string): string {
  if (!ipaddr.isValid(address)) return 'invalid';
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range === 'unicast' && parsed.kind() === 'ipv6' && !parsed.match(IPV6_GLOBAL_UNICAST)) {
    return 'reserved';
  }
  return range;
}

interface GuardOptions {
  /** Outside production a developer's applications (and the tests) listen on loopback. */
  allowLoopback: boolean;
}

function isAllowed(address: string, { allowLoopback }: GuardOptions): boolean {
  const range = addressRange(address);
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

interface Target {
  address: string;
  family: number;
}

/**
 * The addresses a call may connect to: all of the name's, refused unless EVERY one is allowed (a
 * name with one public and one private address is refused, whichever the connection would try).
 */
export function vetAddresses(
  host: string,
  addresses: readonly Target[],
  options: GuardOptions,
): Target[] {
  if (addresses.length === 0) throw new OutgoingCallRefused(host, 'the name has no address');
  for (const { address } of addresses) {
    if (!isAllowed(address, options)) {
      throw new OutgoingCallRefused(
        host,
        `${address} is a ${addressRange(address)} address, not a public one`,
      );
    }
  }
  return [...addresses];
}

/** A URL's host name without the brackets of an IPv6 literal. */
const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/** Every address of a name (read from the module at call time, so a test can stand in for DNS). */
async function resolve(host: string): Promise<Target[]> {
  const family = isIP(host);
  return family === 0 ? dns.lookup(host, { all: true }) : [{ address: host, family }];
}

// Back-channel logout answers are empty; jwks_uri and sector_identifier_uri documents are small.
const RESPONSE_BODY_MAX = 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 2500;

/**
 * The `fetch` given to oidc-provider. The library passes the URL as a string and an init with
 * method, Headers, a string or URLSearchParams body, `redirect`, `signal` (2.5 s) and its own
 * undici `dispatcher`, which is ignored here.
 *
 * Built on node:http(s) rather than the global fetch: the `undici` package (whose Agent could be
 * given a `connect.lookup`) is not installed, and `request`'s `lookup` option makes the socket
 * connect to the vetted address with no second DNS lookup (no rebinding between check and
 * connection), while the URL's host name stays the Host header, the TLS server name (SNI) and
 * the name the certificate is verified against. Redirects are not followed (the library asks
 * back-channel logout for `redirect: 'manual'`; a followed one would need vetting again).
 */
export function createOutgoingFetch(options: GuardOptions) {
  return async function outgoingFetch(
    input: string | URL | Request,
    init: RequestInit = {},
  ): Promise<Response> {
    if (input instanceof Request) throw new TypeError('outgoingFetch takes a URL, not a Request');
    const url = new URL(input);
    const host = bare(url.hostname);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new OutgoingCallRefused(host, `${url.protocol} is not http(s)`);
    }
    const signal = init.signal ?? AbortSignal.timeout(DEFAULT_TIMEOUT_MS);
    const targets = vetAddresses(host, await resolve(host), options);
    signal.throwIfAborted();
    return send(url, init, targets, signal);
  };
}

/**
 * Answers the vetted addresses, never asking DNS again. Node 20's net.connect asks with
 * `all: true` and tries them in turn (Happy Eyeballs), e.g. ::1 then 127.0.0.1 for localhost.
 */
function pinnedLookup(targets: Target[]): LookupFunction {
  return (_hostname, lookupOptions, callback) => {
    const [first] = targets;
    if (lookupOptions.all) callback(null, targets);
    else if (first) callback(null, first.address, first.family);
  };
}

function bodyBytes(body: RequestInit['body']): Buffer | undefined {
  if (body == null) return undefined;
  if (typeof body === 'string' || body instanceof URLSearchParams)
    return Buffer.from(body.toString());
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError('outgoingFetch sends string, URLSearchParams or byte bodies only');
}

// Fetch's null-body statuses: a Response with one of these must have no body.
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function send(
  url: URL,
  init: RequestInit,
  targets: Target[],
  signal: AbortSignal,
): Promise<Response> {
  const headers = new Headers(init.headers);
  const body = bodyBytes(init.body);
  if (body) headers.set('content-length', String(body.length));
  const method = (init.method ?? 'GET').toUpperCase();
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Response>((resolvePromise, reject) => {
    const outgoing = request(
      url,
      // agent: false, so no pooled socket is reused (each call's address is the one vetted for it).
      {
        method,
        headers: Object.fromEntries(headers),
        signal,
        agent: false,
        lookup: pinnedLookup(targets),
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > RESPONSE_BODY_MAX) response.destroy(new Error('response too large'));
          else chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status < 200 || status > 599) {
            reject(new Error(`unexpected status ${status} from ${url.host}`));
            return;
          }
          const answerHeaders = new Headers();
          const raw = response.rawHeaders;
          for (let i = 0; i + 1 < raw.length; i += 2)
            answerHeaders.append(raw[i] ?? '', raw[i + 1] ?? '');
          const content =
            NULL_BODY_STATUSES.has(status) || method === 'HEAD' ? null : Buffer.concat(chunks);
          resolvePromise(
            new Response(content, {
              status,
              statusText: response.statusMessage ?? '',
              headers: answerHeaders,
            }),
          );
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const REGISTRATION_LOOKUP_MS = 3000;

/**
 * Registration (production): an application's back-channel logout URI must name a public address
 * (decision 087), so staff learn at once that the portal will not call it. `localhost` and its
 * subdomains are loopback by definition (RFC 6761 §6.3); a literal is judged as is; a name by
 * every address it resolves to now. A name that does not resolve (yet) is accepted: the check at
 * call time is the one that protects, since DNS can change after registration.
 */
export async function assertPublicBackchannelUri(uri: unknown): Promise<void> {
  if (typeof uri !== 'string') return;
  let host: string;
  try {
    host = bare(new URL(uri).hostname).toLowerCase().replace(/\.$/, '');
  } catch {
    return; // the schema refuses what does not parse
  }
  const refuse = () =>
    new AppError(422, MESSAGES.validationFailed, 'validation', {
      backchannel_logout_uri: [OIDC_PUBLIC_ADDRESS_MESSAGE],
    });
  if (host === 'localhost' || host.endsWith('.localhost')) throw refuse();
  // Bounded: this runs inside the write's transaction (the resource's prepare hook).
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    resolve(host).catch(() => []),
    new Promise<Target[]>(
      (resolveEmpty) => (timer = setTimeout(() => resolveEmpty([]), REGISTRATION_LOOKUP_MS)),
    ),
  ]).finally(() => clearTimeout(timer));
  if (addresses.some(({ address }) => !isAllowed(address, { allowLoopback: false })))
    throw refuse();
}
