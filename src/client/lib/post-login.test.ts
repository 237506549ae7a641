import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginInfo } from '../testing/login-fixtures';
import { pageNavigation } from './navigation';
import { pendingInteractionPath, rememberInteraction } from './oidc-interaction';
import { forgetInvitation, pendingInvitationPath, rememberInvitation } from './pending-invitation';
import { followLoginDestination, isLocalHostname, loginDestination, sessionFromLoginInfo } from './post-login';

const TWO_CLIENTS = [
  { id: 30, nivel: 10, cliente: { id: 3, razao_social: 'Padaria Central Ltda', cpfcnpj: null } },
  { id: 31, nivel: 20, cliente: { id: 4, razao_social: 'Mercado Sul S.A.', cpfcnpj: null } },
];

describe('loginDestination (§4)', () => {
  it('asks for a new password before anything else', () => {
    const info = loginInfo({ senha_revalidar: true, cliente: null, clientes: TWO_CLIENTS });
    expect(loginDestination(info, 'manage', 'localhost')).toEqual({
      kind: 'app',
      path: '/login/2/conta_criar_senha',
    });
  });

  it("'Entrar & Gerenciar meus dados' goes to the settings menu of the login", () => {
    expect(loginDestination(loginInfo(), 'manage', 'portal.exemplo.com.br')).toEqual({
      kind: 'app',
      path: '/me/config?origin=login&pid=2',
    });
  });

  it('goes to the client selection with several clients and none chosen', () => {
    const info = loginInfo({ cliente: null, clientes: TWO_CLIENTS });
    expect(loginDestination(info, 'enter', 'portal.exemplo.com.br')).toEqual({
      kind: 'app',
      path: '/login/2/conta_selecionar',
    });
  });

  it('goes on to the product once a client is chosen, even with several', () => {
    const info = loginInfo({ clientes: TWO_CLIENTS });
    expect(loginDestination(info, 'enter', 'portal.exemplo.com.br')).toEqual({
      kind: 'page',
      url: info.url,
    });
  });

  it('on localhost, goes through the redirect page', () => {
    const info = loginInfo();
    const destination = loginDestination(info, 'enter', '127.0.0.1');
    expect(destination.kind).toBe('app');
    const url = new URL(destination.kind === 'app' ? destination.path : '', 'http://x');
    expect(url.pathname).toBe('/a/redirect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      url: info.url,
      title: 'Login realizado',
      message: 'Você entrou em Gestão. Siga pelo botão abaixo para continuar.',
      buttonLabel: 'Acessar Gestão',
    });
  });

  it('shows the welcome screen for a chosen client without a contract (a new account)', () => {
    const info = loginInfo({ contrato_ultimo: null });
    expect(loginDestination(info, 'enter', 'portal.exemplo.com.br')).toEqual({
      kind: 'app',
      path: '/login/2/direcionar_produto',
    });
  });

  it("after the welcome's 'Continuar login', goes on to the product", () => {
    const info = loginInfo({ contrato_ultimo: null });
    expect(
      loginDestination(info, 'enter', 'portal.exemplo.com.br', { skipWelcome: true }),
    ).toEqual({ kind: 'page', url: info.url });
  });

  it('keeps the earlier rules before the welcome screen', () => {
    const fresh = { contrato_ultimo: null };
    expect(
      loginDestination(loginInfo({ ...fresh, senha_revalidar: true }), 'enter', 'x.com.br'),
    ).toEqual({ kind: 'app', path: '/login/2/conta_criar_senha' });
    expect(loginDestination(loginInfo(fresh), 'manage', 'x.com.br')).toEqual({
      kind: 'app',
      path: '/me/config?origin=login&pid=2',
    });
    expect(
      loginDestination(loginInfo({ ...fresh, cliente: null, clientes: TWO_CLIENTS }), 'enter', 'x.com.br'),
    ).toEqual({ kind: 'app', path: '/login/2/conta_selecionar' });
  });

  it('never follows a url that is not http(s)', () => {
    const info = loginInfo({ url: 'javascript:alert(1)' });
    expect(loginDestination(info, 'enter', 'portal.exemplo.com.br')).toEqual({
      kind: 'app',
      path: '/painel',
    });
  });
});

describe('isLocalHostname', () => {
  it.each(['localhost', '127.0.0.1', '[::1]', 'LocalHost'])('%s is local', (host) => {
    expect(isLocalHostname(host)).toBe(true);
  });
  it.each(['portal.exemplo.com.br', '10.0.0.5', 'localhost.exemplo.com'])('%s is not', (host) => {
    expect(isLocalHostname(host)).toBe(false);
  });
});

describe('sessionFromLoginInfo', () => {
  it('describes the new session, with the stronger of the two levels (§6)', () => {
    const session = sessionFromLoginInfo(loginInfo({ clienteUsuario_nivel: 10 }));
    expect(session.usuario).toEqual({ id: 7, nome: 'Maria Souza', nivel: 10 });
    expect(session.cliente).toEqual({
      id: 3,
      nome_fantasia: 'Padaria Central',
      razao_social: 'Padaria Central Ltda',
      fatura_token: null,
    });
    expect(session.produto?.id).toBe(2);
  });
});

describe('an application’s sign-in (OpenID Connect, decision 087)', () => {
  const ID = 'Dyw6T9MKrE25vE8rNB36C2e09RxNdBNsWoNbCpsJGbU';
  afterEach(() => sessionStorage.clear());

  it('goes back to the application once the password and the client are settled, before the welcome and the product', () => {
    rememberInteraction(`?interacao=${ID}`);
    const back = { kind: 'page', url: `/oidc/interacao/${ID}` };
    expect(loginDestination(loginInfo({ contrato_ultimo: null }), 'enter', 'localhost')).toEqual(back);
    expect(loginDestination(loginInfo(), 'enter', 'portal.exemplo.com.br')).toEqual(back);
    expect(loginDestination(loginInfo({ cliente: null, clientes: TWO_CLIENTS }), 'enter', 'localhost')).toEqual({
      kind: 'app',
      path: '/login/2/conta_selecionar',
    });
    expect(loginDestination(loginInfo({ senha_revalidar: true }), 'enter', 'localhost')).toEqual({
      kind: 'app',
      path: '/login/2/conta_criar_senha',
    });
  });

  it('is used once, ignores what is not an interaction id, and expires with the request (an hour)', () => {
    rememberInteraction('?interacao=../../api/acesso/logout');
    expect(pendingInteractionPath()).toBeNull();
    rememberInteraction(`?interacao=${ID}`);
    expect(pendingInteractionPath(Date.now() + 61 * 60 * 1000)).toBeNull();
    const load = vi.spyOn(pageNavigation, 'load').mockImplementation(() => undefined);
    followLoginDestination(loginInfo(), 'enter', vi.fn());
    expect(load).toHaveBeenCalledWith(`/oidc/interacao/${ID}`);
    expect(pendingInteractionPath()).toBeNull();
    load.mockRestore();
  });
});

describe('an invitation opened before the sign-in (issue 41 item 3)', () => {
  const TOKEN = 'Qm9hcyB2aW5kYXMgw6AgUGFkYXJpYSBDZW50cmFs';
  afterEach(() => sessionStorage.clear());

  it('goes back to the invitation after the new password and the settings, before the client selection and the product', () => {
    rememberInvitation(TOKEN);
    const back = { kind: 'app', path: `/convite/${TOKEN}` };
    expect(loginDestination(loginInfo(), 'enter', 'portal.exemplo.com.br')).toEqual(back);
    expect(loginDestination(loginInfo({ cliente: null, clientes: TWO_CLIENTS }), 'enter', 'localhost')).toEqual(back);
    expect(loginDestination(loginInfo({ contrato_ultimo: null }), 'enter', 'localhost')).toEqual(back);
    expect(loginDestination(loginInfo({ senha_revalidar: true }), 'enter', 'localhost')).toEqual({
      kind: 'app',
      path: '/login/2/conta_criar_senha',
    });
    expect(loginDestination(loginInfo(), 'manage', 'localhost')).toEqual({
      kind: 'app',
      path: '/me/config?origin=login&pid=2',
    });
  });

  it('comes before an application’s sign-in too, and is gone once forgotten', () => {
    rememberInteraction('?interacao=Dyw6T9MKrE25vE8rNB36C2e09RxNdBNsWoNbCpsJGbU');
    rememberInvitation(TOKEN);
    expect(loginDestination(loginInfo(), 'enter', 'portal.exemplo.com.br')).toEqual({
      kind: 'app',
      path: `/convite/${TOKEN}`,
    });
    forgetInvitation();
    expect(pendingInvitationPath()).toBeNull();
    expect(loginDestination(loginInfo(), 'enter', 'portal.exemplo.com.br')).toEqual({
      kind: 'page',
      url: '/oidc/interacao/Dyw6T9MKrE25vE8rNB36C2e09RxNdBNsWoNbCpsJGbU',
    });
  });

  it('keeps only what is a token, and for an hour', () => {
    rememberInvitation('../../api/acesso/logout');
    expect(pendingInvitationPath()).toBeNull();
    rememberInvitation(TOKEN);
    expect(pendingInvitationPath()).toBe(`/convite/${TOKEN}`);
    expect(pendingInvitationPath(Date.now() + 61 * 60 * 1000)).toBeNull();
  });
});
