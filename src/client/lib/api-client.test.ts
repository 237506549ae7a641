import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  envelopeResponse,
  jsonResponse,
  setCsrfCookie,
  setMeta,
  stubFetch,
} from '../testing/fetch-stub';
import {
  apiDelete,
  apiGet,
  ApiError,
  apiPost,
  apiPostForm,
  apiPut,
  applyFieldErrors,
  handleApiError,
} from './api-client';
import { connectionLost } from './connection';
import { pageNavigation } from './navigation';
import { dismissAllNotices, getNotices } from './notices';
import { createQueryClient } from './query-client';

// The connection watch (probing /healthz on timers) is tested in connection.test.ts.
vi.mock('./connection', () => ({ connectionLost: vi.fn() }));

const SERVER_ERROR =
  'Esta mensagem é um erro interno, por favor informe a administração do sistema.';
const MISSING = 'Objeto de resposta "undefined|null". Verificar axios.';
const PAGE_ERROR = 'Erro na página, tente recarregar seu navegador.';

function shownNotices() {
  return getNotices().map(({ level, text, details }) => ({ level, text, details }));
}

/** Runs a failing call through the §8 handler, as the query client does. */
async function failWith(call: () => Promise<unknown>) {
  const error = await call().then(
    () => {
      throw new Error('a chamada deveria falhar');
    },
    (reason: unknown) => reason,
  );
  handleApiError(error);
  return error;
}

let navigate: ReturnType<typeof vi.fn<(url: string) => void>>;

beforeEach(() => {
  setCsrfCookie('token-do-cookie');
  navigate = vi.fn<(url: string) => void>();
  vi.spyOn(pageNavigation, 'load').mockImplementation(navigate);
});

afterEach(() => {
  setCsrfCookie(null);
  dismissAllNotices();
});

describe('requests (§7)', () => {
  it('sends the seed headers, the CSRF cookie and same-origin credentials', async () => {
    const { calls, fetchMock } = stubFetch({ 'POST /api/x': () => envelopeResponse({ ok: true }) });
    await apiPost('/api/x', { nome: 'Ana' });
    const [request] = calls;
    expect(request?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(request?.headers.get('Accept')).toBe('application/json');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.headers.get('X-XSRF-TOKEN')).toBe('token-do-cookie');
    expect(request?.body).toEqual({ nome: 'Ana' });
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'same-origin' });
  });

  it('reads the CSRF cookie at each request, so a rotated token is used at once', async () => {
    const { calls } = stubFetch({ 'GET /api/x': () => envelopeResponse(null) });
    await apiGet('/api/x');
    setCsrfCookie('token-novo');
    await apiGet('/api/x');
    expect(calls.map((call) => call.headers.get('X-XSRF-TOKEN'))).toEqual([
      'token-do-cookie',
      'token-novo',
    ]);
  });

  it('falls back to the csrf-token meta tag without the cookie', async () => {
    setCsrfCookie(null);
    setMeta('csrf-token', 'token-da-meta');
    const { calls } = stubFetch({ 'GET /api/x': () => envelopeResponse(null) });
    await apiGet('/api/x');
    expect(calls[0]?.headers.get('X-XSRF-TOKEN')).toBe('token-da-meta');
  });

  it('without any CSRF token logs one console error and still sends the request (§8)', async () => {
    setCsrfCookie(null);
    setMeta('csrf-token', '__CSRF_TOKEN__'); // unreplaced placeholder: absent
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.resetModules();
    const fresh = await import('./api-client');
    const { calls } = stubFetch({ 'GET /api/x': () => envelopeResponse(null) });
    await fresh.apiGet('/api/x');
    await fresh.apiGet('/api/x');
    expect(calls).toHaveLength(2);
    expect(calls[0]?.headers.has('X-XSRF-TOKEN')).toBe(false);
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it('sends the API user id and token from the meta tags only when they are filled', async () => {
    const { calls } = stubFetch({ 'GET /api/x': () => envelopeResponse(null) });
    setMeta('api-user-id', '');
    setMeta('api-token', '');
    await apiGet('/api/x');
    expect(calls[0]?.headers.has('X-API-User-Id')).toBe(false);
    expect(calls[0]?.headers.has('X-API-Token')).toBe(false);

    setMeta('api-user-id', '42');
    setMeta('api-token', 'segredo');
    await apiGet('/api/x');
    expect(calls[1]?.headers.get('X-API-User-Id')).toBe('42');
    expect(calls[1]?.headers.get('X-API-Token')).toBe('segredo');
  });

  it('sends no JSON content type without a body, nor for multipart uploads', async () => {
    const { calls } = stubFetch({
      'GET /api/x': () => envelopeResponse(null),
      'POST /api/upload': () => envelopeResponse(null),
    });
    await apiGet('/api/x', { params: { page: 2, q: 'ana', vazio: undefined } });
    const form = new FormData();
    form.append('arquivo', new Blob(['%PDF']), 'comprovante.pdf');
    await apiPostForm('/api/upload', form);
    expect(calls[0]?.url).toBe('/api/x?page=2&q=ana');
    expect(calls[0]?.headers.has('Content-Type')).toBe(false);
    expect(calls[1]?.headers.has('Content-Type')).toBe(false);
    expect(calls[1]?.body).toBe(form);
  });

  it('uses PUT and DELETE with the same envelope handling', async () => {
    const { calls } = stubFetch({
      'PUT /api/item/1': () => envelopeResponse({ id: 1 }),
      'DELETE /api/item/1': () => envelopeResponse(null),
    });
    await expect(apiPut('/api/item/1', { nome: 'x' })).resolves.toEqual({ id: 1 });
    await expect(apiDelete('/api/item/1')).resolves.toBeNull();
    expect(calls.map((call) => call.method)).toEqual(['PUT', 'DELETE']);
  });

  it('accepts the seed paths without a leading slash, and refuses other origins', async () => {
    const { calls } = stubFetch({ 'GET /api/sessao/web': () => envelopeResponse(null) });
    await apiGet('api/sessao/web');
    expect(calls[0]?.path).toBe('/api/sessao/web');
    await expect(apiGet('https://outro.exemplo/api')).rejects.toThrow();
    await expect(apiGet('//outro.exemplo/api')).rejects.toThrow();
    expect(calls).toHaveLength(1);
  });
});

describe('envelope', () => {
  it('returns the data of a successful answer', async () => {
    stubFetch({
      'GET /api/gl_usuario/me': () => envelopeResponse({ data: { id: 1, nome: 'Ana' } }),
    });
    await expect(apiGet('/api/gl_usuario/me')).resolves.toEqual({ data: { id: 1, nome: 'Ana' } });
    expect(shownNotices()).toEqual([]);
  });

  it('shows the warnings of a successful answer as warning notices', async () => {
    stubFetch({
      'DELETE /api/item/1': () => envelopeResponse(null, { warnings: ['Registro já excluído.'] }),
    });
    await apiDelete('/api/item/1');
    expect(shownNotices()).toEqual([
      { level: 'warning', text: 'Registro já excluído.', details: [] },
    ]);
  });

  it('throws a typed error with the field errors of a 422', async () => {
    stubFetch({
      'POST /api/x': () =>
        envelopeResponse(null, {
          status: 422,
          message: 'Verifique os campos destacados.',
          errors: { email: ['Campo de e-mail obrigatório.'] },
        }),
    });
    const error = await apiPost('/api/x', {}).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'validation',
      httpStatus: 422,
      message: 'Verifique os campos destacados.',
      fieldErrors: { email: ['Campo de e-mail obrigatório.'] },
    });
  });
});

describe('§8 error catalogue', () => {
  it('no answer at all (network down, server stopped): the connection watch starts, not §8\'s texts', async () => {
    vi.mocked(connectionLost).mockClear();
    stubFetch({
      'GET /api/x': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = await failWith(() => apiGet('/api/x'));
    expect(error).toMatchObject({
      kind: 'no-connection',
      message: 'Sem conexão com o servidor. Verifique sua internet; vamos tentar de novo.',
    });
    expect(connectionLost).toHaveBeenCalledTimes(1);
    expect(shownNotices()).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([502, 504])('a gateway that could not reach the portal (%i, no envelope) is no answer too', async (status) => {
    vi.mocked(connectionLost).mockClear();
    stubFetch({ 'GET /api/x': () => new Response('<html>Bad Gateway</html>', { status }) });
    const error = await failWith(() => apiGet('/api/x'));
    expect(error).toMatchObject({ kind: 'no-connection', httpStatus: status });
    expect(connectionLost).toHaveBeenCalledTimes(1);
  });

  it('an answer whose body is not JSON is §8\'s missing response: the two internal-error notices', async () => {
    vi.mocked(connectionLost).mockClear();
    stubFetch({
      'GET /api/x': () => new Response('<html>Erro</html>', { status: 500 }),
    });
    const error = await failWith(() => apiGet('/api/x'));
    expect(error).toMatchObject({ kind: 'no-response' });
    expect(shownNotices()).toEqual([
      { level: 'danger', text: MISSING, details: [] },
      { level: 'danger', text: SERVER_ERROR, details: [] },
    ]);
    expect(connectionLost).not.toHaveBeenCalled();
  });

  it('503 (the database restarting): the message as a warning, the error kind "unavailable"', async () => {
    const message = 'Serviço temporariamente indisponível. Tente novamente em instantes.';
    stubFetch({
      'POST /api/x': () => envelopeResponse(null, { status: 503, message }),
    });
    const error = await failWith(() => apiPost('/api/x', { nome: 'Ana' }));
    expect(error).toMatchObject({ kind: 'unavailable', httpStatus: 503 });
    expect(shownNotices()).toEqual([{ level: 'warning', text: message, details: [] }]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a 503 page of a proxy, without envelope, is the same warning', async () => {
    stubFetch({
      'GET /api/x': () => new Response('<html>Service Unavailable</html>', { status: 503 }),
    });
    await failWith(() => apiGet('/api/x'));
    expect(shownNotices()).toEqual([
      { level: 'warning', text: 'Serviço temporariamente indisponível. Tente novamente em instantes.', details: [] },
    ]);
  });

  it('JSON that is not an envelope counts as a missing response', async () => {
    stubFetch({ 'GET /api/x': () => jsonResponse(null) });
    await failWith(() => apiGet('/api/x'));
    expect(shownNotices().map((notice) => notice.text)).toEqual([MISSING, SERVER_ERROR]);
  });

  it.each([
    'Sessão expirada.',
    'Sessão expirada! Aguarde, você será redirecionado...',
    'Usuário ou cliente alterados na sessão.',
  ])('"%s" with the code session_expired: shows it and goes home after 3 s', async (message) => {
    vi.useFakeTimers();
    stubFetch({ 'POST /api/x': () => envelopeResponse(null, { status: 401, message, code: 'session_expired' }) });
    await failWith(() => apiPost('/api/x'));
    expect(shownNotices()).toEqual([{ level: 'warning', text: message, details: [] }]);
    vi.advanceTimersByTime(2999);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('"Sessão expirada." in a body with status 400 is still the session rule', async () => {
    vi.useFakeTimers();
    stubFetch({
      'GET /api/x': () =>
        envelopeResponse(null, { httpStatus: 200, status: 400, message: 'Sessão expirada.', code: 'session_expired' }),
    });
    await failWith(() => apiGet('/api/x'));
    vi.advanceTimersByTime(3000);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('the kind comes from the code, never from the text (decision 003): a text alone is an ordinary failure', async () => {
    vi.useFakeTimers();
    stubFetch({ 'POST /api/x': () => envelopeResponse(null, { status: 401, message: 'Sessão expirada.' }) });
    const error = await failWith(() => apiPost('/api/x'));
    expect(error).toMatchObject({ kind: 'failed' });
    vi.advanceTimersByTime(5000);
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each(['Usuário não logado.', 'Usuário não logado no produto.'])(
    '"%s": goes home at once',
    async (message) => {
      stubFetch({ 'GET /api/x': () => envelopeResponse(null, { status: 401, message, code: 'not_logged_in' }) });
      await failWith(() => apiGet('/api/x'));
      expect(navigate).toHaveBeenCalledWith('/');
    },
  );

  it('body status 400: the message as a danger notice', async () => {
    stubFetch({
      'POST /api/x': () =>
        envelopeResponse(null, { httpStatus: 200, status: 400, message: 'Plano indisponível.' }),
    });
    await failWith(() => apiPost('/api/x'));
    expect(shownNotices()).toEqual([{ level: 'danger', text: 'Plano indisponível.', details: [] }]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('failed request with errors per field: the message, then "field: text" lines', async () => {
    stubFetch({
      'POST /api/x': () =>
        envelopeResponse(null, {
          status: 422,
          message: 'Verifique os campos destacados.',
          errors: { email: ['Campo de e-mail obrigatório.'], nome: ['Campo obrigatório.'] },
        }),
    });
    await failWith(() => apiPost('/api/x'));
    expect(shownNotices()).toEqual([
      {
        level: 'danger',
        text: 'Verifique os campos destacados.',
        details: ['email: Campo de e-mail obrigatório.', 'nome: Campo obrigatório.'],
      },
    ]);
  });

  it('failed request with an error list or an error string', async () => {
    stubFetch({
      'POST /api/lista': () =>
        jsonResponse(
          { status: 409, message: 'Conflito.', errors: ['Primeiro.', 'Segundo.'], data: null },
          409,
        ),
      'POST /api/texto': () =>
        jsonResponse({ status: 403, message: 'Proibido.', errors: 'Sem acesso.', data: null }, 403),
    });
    await failWith(() => apiPost('/api/lista'));
    await failWith(() => apiPost('/api/texto'));
    expect(shownNotices()).toEqual([
      { level: 'danger', text: 'Conflito.', details: ['Primeiro.', 'Segundo.'] },
      { level: 'danger', text: 'Proibido.', details: ['Sem acesso.'] },
    ]);
  });

  it('failure without a message: the page error plus the error text', async () => {
    stubFetch({ 'GET /api/x': () => envelopeResponse(null, { status: 500, message: '' }) });
    await failWith(() => apiGet('/api/x'));
    expect(shownNotices()).toEqual([{ level: 'danger', text: PAGE_ERROR, details: ['HTTP 500'] }]);
  });

  it('an error that is not from the API: the page error plus its text', () => {
    handleApiError(new TypeError("Cannot read properties of undefined (reading 'id')"));
    expect(shownNotices()).toEqual([
      {
        level: 'danger',
        text: PAGE_ERROR,
        details: ["Cannot read properties of undefined (reading 'id')"],
      },
    ]);
  });

  it('a cancelled call shows nothing', () => {
    handleApiError(new DOMException('The operation was aborted.', 'AbortError'));
    expect(shownNotices()).toEqual([]);
  });
});

describe('query client wiring', () => {
  it('shows the notice of a failed query without the screen doing anything', async () => {
    stubFetch({
      'GET /api/x': () =>
        envelopeResponse(null, { status: 404, message: 'Recurso não encontrado.' }),
    });
    const client = createQueryClient();
    await client
      .fetchQuery({ queryKey: ['x'], queryFn: () => apiGet('/api/x') })
      .catch(() => undefined);
    expect(shownNotices()).toEqual([
      { level: 'danger', text: 'Recurso não encontrado.', details: [] },
    ]);
  });

  it('leaves a 422 to the form when the mutation asks for it, and shows other failures', async () => {
    const validation = () =>
      envelopeResponse(null, {
        status: 422,
        message: 'Verifique os campos destacados.',
        errors: { nome: ['Campo obrigatório.'], apelido: ['No máximo 60 caracteres.'] },
      });
    stubFetch({
      'POST /api/form': validation,
      'POST /api/limite': () =>
        envelopeResponse(null, { status: 429, message: 'Muitas tentativas.' }),
    });
    const client = createQueryClient();
    const setError = vi.fn();
    const run = (path: string) =>
      client
        .getMutationCache()
        .build(client, {
          mutationFn: () => apiPost(path, {}),
          meta: { fieldErrors: 'form' },
          onError: (error) => {
            applyFieldErrors(setError, error);
          },
        })
        .execute(undefined)
        .catch(() => undefined);

    await run('/api/form');
    expect(shownNotices()).toEqual([]);
    expect(setError).toHaveBeenCalledWith(
      'nome',
      { type: 'server', message: 'Campo obrigatório.' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenCalledWith(
      'apelido',
      { type: 'server', message: 'No máximo 60 caracteres.' },
      { shouldFocus: false },
    );

    await run('/api/limite');
    expect(shownNotices()).toEqual([{ level: 'danger', text: 'Muitas tentativas.', details: [] }]);
  });
});
