import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientLink, LoginInfo } from '#shared/schemas/auth';
import { readLoginEvent, rememberLoginEvent } from '#client/lib/login-event';
import { pageNavigation } from '#client/lib/navigation';
import {
  envelopeResponse,
  sessionResponse,
  setCsrfCookie,
  signedInSession,
  stubFetch,
  type StubHandler,
} from '#client/testing/fetch-stub';
import { loginInfo } from '#client/testing/login-fixtures';
import { renderApp, resetAppState } from '#client/testing/render-app';
import { searchKey } from './select-account-page';

const CLIENTES: ClientLink[] = [
  {
    id: 30,
    nivel: 10,
    cliente: { id: 3, razao_social: 'Padaria Central Ltda', cpfcnpj: '11222333000181' },
  },
  { id: 31, nivel: 10, cliente: { id: 4, razao_social: 'Mercado Sul S.A.', cpfcnpj: null } },
  {
    id: 32,
    nivel: 13,
    cliente: { id: 5, razao_social: 'Açaí do Norte ME', cpfcnpj: '52998224725' },
  },
];

const PENDING_INFO = loginInfo({ cliente: null, clientes: CLIENTES });

function serve({
  eventInfo = PENDING_INFO,
  select = () => envelopeResponse(loginInfo({ evento: { id: 42, token: 'evento-token-42' } })),
}: { eventInfo?: LoginInfo; select?: StubHandler } = {}) {
  return stubFetch({
    'GET /api/sessao/web': () => sessionResponse(signedInSession({ cliente: null })),
    'POST /api/acesso/evento_getInfo': () => envelopeResponse(eventInfo),
    'POST /api/acesso/conta_selecionar': select,
  });
}

async function open({ remembered = true } = {}) {
  if (remembered) rememberLoginEvent({ evento_id: 41, evento_token: 'evento-token-41', pid: 2 });
  const view = renderApp('/login/2/conta_selecionar');
  expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeInTheDocument();
  return view;
}

const cardNames = () =>
  within(screen.getByRole('group', { name: 'Contas' }))
    .queryAllByRole('button')
    .map((button) => button.textContent ?? '');

beforeEach(() => {
  setCsrfCookie('csrf');
  sessionStorage.clear();
  vi.spyOn(pageNavigation, 'load').mockImplementation(() => undefined);
});

afterEach(() => {
  resetAppState();
  setCsrfCookie(null);
});

describe('select account screen (§2 Select account)', () => {
  it('lists the remembered login’s clients with the document formatted when present', async () => {
    const { calls } = serve();
    await open();
    expect(await screen.findByText('Padaria Central Ltda')).toBeInTheDocument();
    expect(screen.getByText('Selecione uma conta abaixo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByText('11.222.333/0001-81')).toBeInTheDocument();
    expect(screen.getByText('529.982.247-25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mercado Sul S.A.' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/acesso/evento_getInfo')?.body).toEqual({
      evento_id: 41,
      evento_token: 'evento-token-41',
    });
  });

  it('filters the cards by company name, ignoring case and accents', async () => {
    serve();
    const { user } = await open();
    await screen.findByText('Padaria Central Ltda');
    const search = screen.getByRole('searchbox', { name: 'Buscar cliente' });

    await user.type(search, 'PADARIA');
    expect(cardNames()).toEqual(['Padaria Central Ltda11.222.333/0001-81']);

    await user.clear(search);
    await user.type(search, 'acai');
    expect(cardNames()).toEqual(['Açaí do Norte ME529.982.247-25']);

    await user.clear(search);
    await user.type(search, 'nada disso');
    expect(cardNames()).toEqual([]);
    expect(screen.getByText('Nenhum cliente encontrado.')).toBeInTheDocument();

    await user.clear(search);
    expect(cardNames()).toHaveLength(3);
  });

  it("offers 'Criar uma nova conta' when the product allows it", async () => {
    serve();
    await open();
    expect(await screen.findByRole('link', { name: 'Criar uma nova conta' })).toHaveAttribute(
      'href',
      '/login/2/conta_criar/logado',
    );
  });

  it("hides 'Criar uma nova conta' when the product has cadastro_usuario_inativo", async () => {
    serve({
      eventInfo: {
        ...PENDING_INFO,
        produto: { ...PENDING_INFO.produto, cadastro_usuario_inativo: true },
      },
    });
    await open();
    await screen.findByText('Padaria Central Ltda');
    expect(screen.queryByRole('link', { name: 'Criar uma nova conta' })).not.toBeInTheDocument();
  });

  it('clicking a card posts its link id, keeps the new event and routes on', async () => {
    const { calls } = serve();
    const { user, router } = await open();
    await user.click(await screen.findByRole('button', { name: /Padaria Central Ltda/ }));
    // One client chosen on localhost: the redirect page before the product (§4).
    await waitFor(() => expect(router.state.location.pathname).toBe('/a/redirect'));
    const posts = calls.filter((call) => call.path === '/api/acesso/conta_selecionar');
    expect(posts.map((call) => call.body)).toEqual([{ gl_cliente_usuario_id: 30 }]);
    expect(readLoginEvent()).toEqual({ evento_id: 42, evento_token: 'evento-token-42', pid: 2 });
  });

  it("shows 'Erro ao alterar cliente: ...' as a danger notice when the selection fails", async () => {
    serve({
      select: () => envelopeResponse(null, { httpStatus: 404, message: 'Conta não encontrada.' }),
    });
    const { user, router } = await open();
    await user.click(await screen.findByRole('button', { name: /Mercado Sul/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erro ao alterar cliente: Conta não encontrada.');
    expect(alert.className).toContain('danger');
    expect(router.state.location.pathname).toBe('/login/2/conta_selecionar');
  });

  it('without a remembered login says so and links to the login', async () => {
    serve();
    await open({ remembered: false });
    expect(
      screen.getByText(/Não encontramos o login em andamento neste navegador/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o login' })).toHaveAttribute(
      'href',
      '/login/2',
    );
  });
});

describe('searchKey', () => {
  it('drops case and accents', () => {
    expect(searchKey('  Açaí ÉLAN ')).toBe('acai elan');
  });
});
