import { onTestFinished, vi } from 'vitest';
import type { Envelope } from '#shared/envelope';
import type { PainelResumoDto } from '#shared/schemas/dashboard';
import type { CancellationTermsDto } from '#shared/schemas/cancellation';
import type { SessionData } from '../lib/session';

/** What a stubbed route receives: the request as the API client sent it. */
export interface StubRequest {
  method: string;
  /** Path plus query string, e.g. '/api/x?page=2'. */
  url: string;
  path: string;
  headers: Headers;
  /** The parsed JSON body, the FormData, or undefined. */
  body: unknown;
}

export type StubHandler = (request: StubRequest) => Response | Promise<Response>;

/**
 * Replaces fetch for one test. Routes are keyed 'METHOD /path' (no query string). A call to any
 * other route fails the test.
 */
export function stubFetch(routes: Record<string, StubHandler>) {
  const calls: StubRequest[] = [];
  const unknown: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = input instanceof Request ? input.url : String(input);
    const path = url.split('?')[0] ?? url;
    const method = (init.method ?? 'GET').toUpperCase();
    const rawBody = init.body;
    const body =
      typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : (rawBody ?? undefined);
    const request: StubRequest = { method, url, path, headers: new Headers(init.headers), body };
    calls.push(request);
    const handler = routes[`${method} ${path}`];
    if (!handler) {
      unknown.push(`${method} ${url}`);
      throw new TypeError(`Rota não simulada: ${method} ${url}`);
    }
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  onTestFinished(() => {
    if (unknown.length > 0)
      throw new Error(`Chamadas a rotas não simuladas: ${unknown.join(', ')}`);
  });
  return { calls, fetchMock };
}

export function jsonResponse(body: unknown, httpStatus = 200): Response {
  return new Response(JSON.stringify(body), {
    status: httpStatus,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A response in the envelope every API route uses; `status` follows the HTTP status by default. */
export function envelopeResponse<T>(
  data: T,
  options: Partial<Omit<Envelope<T>, 'data'>> & { httpStatus?: number } = {},
): Response {
  const httpStatus = options.httpStatus ?? options.status ?? 200;
  const envelope: Envelope<T> = {
    status: options.status ?? httpStatus,
    message: options.message ?? '',
    errors: options.errors ?? null,
    warnings: options.warnings ?? [],
    data,
    ...(options.code === undefined ? {} : { code: options.code }),
  };
  return jsonResponse(envelope, httpStatus);
}

const ANONYMOUS_SESSION: SessionData = {
  usuario: null,
  cliente: null,
  clienteUsuario_nivel: null,
  produto: null,
  contrato: null,
  contrato_evento_aberto: null,
  env_production: false,
};

export function signedInSession(overrides: Partial<SessionData> = {}): SessionData {
  return {
    usuario: { id: 7, nome: 'Maria Souza', nivel: 10 },
    cliente: {
      id: 3,
      nome_fantasia: 'Padaria Central',
      razao_social: 'Padaria Central Ltda',
      fatura_token: 'tok-fatura-3',
    },
    clienteUsuario_nivel: 10,
    produto: { id: 2, nome: 'Gestão', logo_url: null, cadastro_usuario_inativo: false },
    contrato: null,
    contrato_evento_aberto: null,
    env_production: false,
    ...overrides,
  };
}

/** GET /api/sessao/web for a visitor (docs/decisions/004): HTTP 200, envelope status 400. */
export function anonymousSessionResponse(): Response {
  return envelopeResponse(ANONYMOUS_SESSION, {
    httpStatus: 200,
    status: 400,
    message: 'Sessão expirada.',
    code: 'session_expired',
  });
}

export function sessionResponse(session: SessionData): Response {
  return envelopeResponse(session);
}

/** The API client reads the CSRF token from this cookie at request time. */
export function setCsrfCookie(value: string | null): void {
  document.cookie =
    value === null
      ? 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
      : `XSRF-TOKEN=${encodeURIComponent(value)}; path=/`;
}

/** Adds a <meta name content> to the document's head for one test. */
export function setMeta(name: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.append(element);
  }
  element.content = content;
  onTestFinished(() => element.remove());
}

type PainelNextInvoice = NonNullable<NonNullable<PainelResumoDto['em_aberto']>['proxima']>;

/**
 * The summary's next invoice to pay (`em_aberto.proxima`): by default on an account with PIX and
 * no boleto (issue 40's `boleto`); override any part.
 */
export function dashboardNextInvoice(overrides: Partial<PainelNextInvoice> = {}): PainelNextInvoice {
  return {
    id: 91,
    valor: '100.00',
    data_vencimento: '2026-12-10',
    pix: true,
    boleto: false,
    ...overrides,
  };
}

/** GET /api/painel/resumo (issue 39) for a client with nothing owed and no plan; override any part. */
export function dashboardSummaryResponse(overrides: Partial<PainelResumoDto> = {}): Response {
  const summary: PainelResumoDto = {
    em_aberto: { total: '0.00', quantidade: 0, vencidas: 0, vencida_desde: null, proxima: null },
    contrato: null,
    mudanca_pendente: null,
    exclusao_agendada: null,
    pode_mudar_plano: true,
    contas: 1,
    ...overrides,
  };
  return envelopeResponse(summary);
}

/**
 * GET /api/gl_contrato/{id}/cancelamento (issue 41), as a route of stubFetch: nothing pending, a
 * manager asking, the period to 30/11/2026; override any part.
 */
export function cancellationTermsRoute(
  contratoId: number,
  overrides: Partial<CancellationTermsDto> = {},
): Record<string, StubHandler> {
  const terms: CancellationTermsDto = {
    gl_contrato_id: contratoId,
    ativo: true,
    plano_nome: 'Profissional',
    periodo_fim: '2026-11-30',
    arrependimento: false,
    arrependimento_ate: null,
    faturas_em_aberto: 0,
    faturas_seguintes: 0,
    pendente: null,
    pode_cancelar: true,
    ...overrides,
  };
  return { [`GET /api/gl_contrato/${contratoId}/cancelamento`]: () => envelopeResponse(terms) };
}
