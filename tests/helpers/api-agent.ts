import type { Envelope } from '../../src/shared/envelope.ts';
import type { App } from '../../src/server/app.ts';
import { multipartBody, type MultipartFile } from './multipart.ts';

export interface AgentResponse<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, string | string[] | number | undefined>;
  raw: string;
  /** The body's bytes, for a download (a PDF). */
  bytes: Buffer;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser-like caller for API tests: keeps the cookies the server sets and sends the CSRF
 * header the SPA sends (§7), so tests exercise the same checks a real page passes.
 */
export class ApiAgent {
  readonly cookies = new Map<string, string>();

  /** remoteAddress: the caller's IP (default 127.0.0.1), for tests of per-address limits. */
  constructor(
    private readonly app: App,
    private readonly options: { remoteAddress?: string } = {},
  ) {}

  get csrfToken(): string | undefined {
    return this.cookies.get('XSRF-TOKEN');
  }

  /** The id of the signed-in session the cookie names ("<id>.<token>"), or null. */
  get sessionId(): string | null {
    const value = this.cookies.get('portal_sessao');
    const dot = value?.indexOf('.') ?? -1;
    return value && dot > 0 ? value.slice(0, dot) : null;
  }

  async request<T = unknown>(
    method: Method,
    url: string,
    options: {
      body?: unknown;
      headers?: Record<string, string>;
      csrf?: boolean;
      rawBody?: string | Buffer;
      /** Content type of rawBody (default application/json). */
      contentType?: string;
    } = {},
  ): Promise<AgentResponse<T>> {
    const unsafe = method !== 'GET';
    if (unsafe && options.csrf !== false && !this.csrfToken) await this.request('GET', '/api/sessao/web');
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(this.cookies.size && {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      }),
      ...(unsafe && options.csrf !== false && this.csrfToken && { 'x-xsrf-token': this.csrfToken }),
      ...((options.body !== undefined || options.rawBody !== undefined) && {
        'content-type': options.contentType ?? 'application/json',
      }),
      ...options.headers,
    };
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(this.options.remoteAddress && { remoteAddress: this.options.remoteAddress }),
      ...(options.rawBody !== undefined
        ? { payload: options.rawBody }
        : options.body !== undefined && { payload: JSON.stringify(options.body) }),
    });
    for (const cookie of response.cookies) this.cookies.set(cookie.name, cookie.value);
    let body: Envelope<T>;
    try {
      body = response.json<Envelope<T>>();
    } catch {
      body = undefined as unknown as Envelope<T>;
    }
    return { status: response.statusCode, body, headers: response.headers, raw: response.body, bytes: response.rawPayload };
  }

  get<T = unknown>(url: string) {
    return this.request<T>('GET', url);
  }

  post<T = unknown>(url: string, body: unknown = {}) {
    return this.request<T>('POST', url, { body });
  }

  /** A multipart/form-data POST, as the SPA's apiPostForm sends it. */
  postMultipart<T = unknown>(
    url: string,
    fields: Record<string, string | number | boolean>,
    files: MultipartFile[] = [],
  ) {
    const { payload, contentType } = multipartBody(fields, files);
    return this.request<T>('POST', url, { rawBody: payload, contentType });
  }
}
