import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pathTo } from '#client/paths';
import { anonymousSessionResponse, envelopeResponse, setCsrfCookie, stubFetch } from '#client/testing/fetch-stub';
import { publicProduct } from '#client/testing/login-fixtures';
import { renderApp, resetAppState } from '#client/testing/render-app';

const ALLOWED = new Set(['https://gestao.exemplo.com.br']);

/** The server's allow-list (decision 041), for the products of these tests. */
function routes() {
  return stubFetch({
    'GET /api/sessao/web': anonymousSessionResponse,
    // 'Voltar' on a first page goes home, i.e. to the login of product 1.
    'GET /api/gl_produto/1/edit': () => envelopeResponse(publicProduct({ id: 1 })),
    'GET /api/captcha/config': () => envelopeResponse({ provider: 'none', siteKey: null, challengeUrl: null }),
    'GET /api/gl_produto/destino': (request) => {
      const origem = new URL(request.url, 'http://localhost').searchParams.get('origem') ?? '';
      return envelopeResponse({ origem, permitido: ALLOWED.has(origem) });
    },
  });
}

function renderAt(query: Record<string, string>) {
  const stub = routes();
  const view = renderApp(pathTo('accessurl_redirect', {}, query));
  return { ...view, stub };
}

beforeEach(() => setCsrfCookie('csrf'));
afterEach(() => {
  resetAppState();
  setCsrfCookie(null);
});

const FOREIGN_TITLE = 'Atenção: você está saindo do portal';

describe('redirect page (§2; decision 041)', () => {
  it("shows the query's title, message and button for a product's own URL", async () => {
    const { stub } = renderAt({
      url: 'https://gestao.exemplo.com.br/inicio?sessao_token=segredo',
      title: 'Login realizado',
      message: 'Clique para abrir o sistema.',
      buttonLabel: 'Abrir o sistema',
    });
    expect(await screen.findByRole('heading', { name: 'Login realizado' })).toBeInTheDocument();
    expect(screen.getByText('Clique para abrir o sistema.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir o sistema' })).toHaveAttribute(
      'href',
      'https://gestao.exemplo.com.br/inicio?sessao_token=segredo',
    );
    // Only the origin is asked about: the URL's tokens never leave for the check.
    const check = stub.calls.find((call) => call.path === '/api/gl_produto/destino');
    expect(check?.url).toBe('/api/gl_produto/destino?origem=https%3A%2F%2Fgestao.exemplo.com.br');
  });

  it("labels the button 'Continuar' by default and accepts a path of this site without asking", async () => {
    const { stub } = renderAt({ url: '/painel' });
    const link = await screen.findByRole('link', { name: 'Continuar' });
    expect(link).toHaveAttribute('href', `${window.location.origin}/painel`);
    expect(stub.calls.some((call) => call.path === '/api/gl_produto/destino')).toBe(false);
  });

  it("without a URL shows 'URL não informada.' and no button", async () => {
    renderAt({ title: 'Redirecionando' });
    expect(await screen.findByText('URL não informada.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Continuar|Redirecionando/ })).not.toBeInTheDocument();
  });

  it.each([
    'javascript:alert(document.cookie)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
  ])('refuses %j as if no URL was given', async (url) => {
    renderAt({ url, buttonLabel: 'Continuar' });
    expect(await screen.findByText('URL não informada.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continuar' })).not.toBeInTheDocument();
  });

  it.each([
    ['//evil.example/login', 'evil.example'],
    ['/\\evil.example/login', 'evil.example'],
    ['https://evil.example/portal', 'evil.example'],
    ['https://gestao.exemplo.com.br.evil.example/', 'gestao.exemplo.com.br.evil.example'],
    ['http://gestao.exemplo.com.br/', 'gestao.exemplo.com.br'],
  ])('warns before %j, naming its host and never the query texts', async (url, host) => {
    const { user, router } = renderAt({
      url,
      title: 'Portal do Cliente',
      message: 'Sua sessão expirou, entre novamente.',
      buttonLabel: 'Entrar no portal',
    });
    expect(await screen.findByRole('heading', { name: FOREIGN_TITLE })).toBeInTheDocument();
    expect(screen.getByTestId('destino-host')).toHaveTextContent(host);
    expect(screen.queryByText('Sua sessão expirou, entre novamente.')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Entrar no portal' })).not.toBeInTheDocument();
    const proceed = screen.getByRole('link', { name: `Continuar para ${host}` });
    expect(new URL(proceed.getAttribute('href') ?? '').host).toBe(host);
    expect(proceed).toHaveAttribute('rel', 'noopener noreferrer');
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login/1'));
  });

  it('shows texts from the query string as text, never as HTML', async () => {
    renderAt({ url: '/painel', message: '<img src=x onerror=alert(1)>' });
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});
