import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserMe } from '#shared/schemas/profile';
import { dismissAllNotices, getNotices } from '#client/lib/notices';
import {
  envelopeResponse,
  sessionResponse,
  setCsrfCookie,
  signedInSession,
  stubFetch,
} from '#client/testing/fetch-stub';
import { renderApp, resetAppState } from '#client/testing/render-app';

const USER: UserMe = {
  id: 42,
  nome: 'Ana Souza',
  apelido: 'Ana',
  email: 'ana@teste.com.br',
  telefone_celular: '11987654321',
};

function serve() {
  const stub = stubFetch({
    'GET /api/sessao/web': () => sessionResponse(signedInSession()),
    'GET /api/gl_usuario/me': () => envelopeResponse({ data: USER }),
    'POST /api/gl_usuario/me/update': () =>
      envelopeResponse(null, { message: 'Dados atualizados com sucesso!' }),
    'POST /api/gl_usuario/me/senha_update': () =>
      envelopeResponse(null, { message: 'Senha alterada com sucesso!' }),
  });
  return { callsTo: (path: string) => stub.calls.filter((call) => call.path === path) };
}

beforeEach(() => {
  setCsrfCookie('csrf');
});

afterEach(() => {
  resetAppState();
  setCsrfCookie(null);
});

async function openPage(path = '/me/meusdados') {
  const view = renderApp(path);
  expect(await screen.findByLabelText('Nome')).toHaveValue('Ana Souza');
  return view;
}

describe('me.meusdados (§2, §5)', () => {
  it('shows the shared-account warning, the record and read-only ID and e-mail', async () => {
    serve();
    await openPage();
    expect(screen.getByText(/compartilhada por todos os aplicativos integrados/)).toBeVisible();
    expect(screen.getByLabelText('ID')).toHaveValue('42');
    expect(screen.getByLabelText('ID')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@teste.com.br');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Telefone celular')).toHaveValue('(11) 98765-4321');
  });

  it('save sends only nome, apelido and telefone_celular', async () => {
    const { callsTo } = serve();
    const { user } = await openPage();
    const nome = screen.getByLabelText('Nome');
    await user.clear(nome);
    await user.type(nome, 'Ana Maria');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('/api/gl_usuario/me/update')).toHaveLength(1));
    expect(callsTo('/api/gl_usuario/me/update')[0]?.body).toEqual({
      nome: 'Ana Maria',
      apelido: 'Ana',
      telefone_celular: '11987654321',
    });
    expect(await screen.findByText('Dados atualizados com sucesso!')).toBeInTheDocument();
  });

  it('a 503 while saving shows a warning and keeps what was typed, to save again', async () => {
    const unavailable = 'Serviço temporariamente indisponível. Tente novamente em instantes.';
    let answer = () => envelopeResponse(null, { status: 503, message: unavailable });
    const stub = stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession()),
      'GET /api/gl_usuario/me': () => envelopeResponse({ data: USER }),
      'POST /api/gl_usuario/me/update': () => answer(),
    });
    const { user } = await openPage();
    const nome = screen.getByLabelText('Nome');
    await user.clear(nome);
    await user.type(nome, 'Ana Maria');
    await user.clear(screen.getByLabelText('Apelido'));
    await user.type(screen.getByLabelText('Apelido'), 'Aninha');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(unavailable)).toBeInTheDocument();
    expect(getNotices().map(({ level, text }) => ({ level, text }))).toEqual([{ level: 'warning', text: unavailable }]);
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana Maria');
    expect(screen.getByLabelText('Apelido')).toHaveValue('Aninha');

    answer = () => envelopeResponse(null, { message: 'Dados atualizados com sucesso!' });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Dados atualizados com sucesso!')).toBeInTheDocument();
    const saves = stub.calls.filter((call) => call.path === '/api/gl_usuario/me/update');
    expect(saves.map((call) => call.body)).toEqual([
      { nome: 'Ana Maria', apelido: 'Aninha', telefone_celular: '11987654321' },
      { nome: 'Ana Maria', apelido: 'Aninha', telefone_celular: '11987654321' },
    ]);
  });

  it('refuses an empty name with the §5 message and no call', async () => {
    const { callsTo } = serve();
    const { user } = await openPage();
    await user.clear(screen.getByLabelText('Nome'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Campo obrigatório')).toBeVisible();
    expect(callsTo('/api/gl_usuario/me/update')).toHaveLength(0);
  });

  it('checks the password fields in the §5 order, as danger notices, with no call', async () => {
    const { callsTo } = serve();
    const { user } = await openPage();
    const atual = screen.getByLabelText('Senha atual');
    const nova = screen.getByLabelText('Nova senha');
    const conf = screen.getByLabelText('Confirme a nova senha');
    const submit = screen.getByRole('button', { name: 'Alterar senha' });

    const expectDanger = async (text: string) => {
      await waitFor(() =>
        expect(getNotices().map((n) => [n.level, n.text])).toEqual([['danger', text]]),
      );
      dismissAllNotices();
    };

    // All three empty: no error, no call.
    await user.click(submit);
    expect(getNotices()).toEqual([]);

    await user.type(nova, 'nova-senha');
    await user.click(submit);
    await expectDanger('Senha atual em branco');

    await user.clear(nova);
    await user.type(atual, 'demo1234');
    await user.click(submit);
    await expectDanger('Senha nova em branco');

    await user.type(nova, '12345');
    await user.click(submit);
    await expectDanger('A senha deve conter entre 6 e 32 caracteres');

    await user.clear(nova);
    await user.type(nova, 'nova-senha');
    await user.click(submit);
    await expectDanger('Confirme sua senha');

    await user.type(conf, 'outra-senha');
    await user.click(submit);
    await expectDanger('As senhas são diferentes');

    expect(callsTo('/api/gl_usuario/me/senha_update')).toHaveLength(0);
  });

  it('takes a 40-character new password whole and refuses it with the §5 message on the field', async () => {
    const { callsTo } = serve();
    const { user } = await openPage();
    const long = 'a'.repeat(40);
    await user.type(screen.getByLabelText('Senha atual'), 'demo1234');
    await user.click(screen.getByLabelText('Nova senha'));
    await user.paste(long);
    await user.click(screen.getByLabelText('Confirme a nova senha'));
    await user.paste(long);
    expect(screen.getByLabelText('Nova senha')).toHaveValue(long);
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Nova senha')).toHaveAccessibleDescription('A senha deve conter entre 6 e 32 caracteres'),
    );
    expect(getNotices().map((n) => [n.level, n.text])).toEqual([['danger', 'A senha deve conter entre 6 e 32 caracteres']]);
    expect(callsTo('/api/gl_usuario/me/senha_update')).toHaveLength(0);
  });

  it('changes the password, then clears the three fields', async () => {
    const { callsTo } = serve();
    const { user } = await openPage();
    const atual = screen.getByLabelText('Senha atual');
    const nova = screen.getByLabelText('Nova senha');
    const conf = screen.getByLabelText('Confirme a nova senha');
    await user.type(atual, 'demo1234');
    await user.type(nova, 'nova-senha');
    await user.type(conf, 'nova-senha');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    await waitFor(() => expect(callsTo('/api/gl_usuario/me/senha_update')).toHaveLength(1));
    expect(callsTo('/api/gl_usuario/me/senha_update')[0]?.body).toEqual({
      senha_atual: 'demo1234',
      senha_nova: 'nova-senha',
    });
    expect(await screen.findByText('Senha alterada com sucesso!')).toBeInTheDocument();
    expect(atual).toHaveValue('');
    expect(nova).toHaveValue('');
    expect(conf).toHaveValue('');
  });

  it("shows the server's refusal of a common password on the new-password field (decision 042)", async () => {
    const message = 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.';
    stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession()),
      'GET /api/gl_usuario/me': () => envelopeResponse({ data: USER }),
      'POST /api/gl_usuario/me/senha_update': () =>
        envelopeResponse(null, { httpStatus: 422, message: 'Verifique os campos destacados.', errors: { senha_nova: [message] } }),
    });
    const { user } = await openPage();
    await user.type(screen.getByLabelText('Senha atual'), 'demo1234');
    await user.type(screen.getByLabelText('Nova senha'), 'iloveyou');
    await user.type(screen.getByLabelText('Confirme a nova senha'), 'iloveyou');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Nova senha')).toHaveAttribute('aria-invalid', 'true');
  });

  it('goes back to me.config from the login flow, otherwise to the dashboard', async () => {
    serve();
    await openPage('/me/meusdados?origin=login&pid=3');
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute(
      'href',
      '/me/config?origin=login&pid=3',
    );
    resetAppState();
    serve();
    await openPage();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/painel');
  });
  it('after a save reloads the user record from the login flow, otherwise the session', async () => {
    const fromLogin = serve();
    const first = await openPage('/me/meusdados?origin=login&pid=3');
    const sessionCalls = fromLogin.callsTo('/api/sessao/web').length;
    await first.user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(fromLogin.callsTo('/api/gl_usuario/me')).toHaveLength(2));
    expect(fromLogin.callsTo('/api/sessao/web')).toHaveLength(sessionCalls);
    resetAppState();

    const fromDashboard = serve();
    const second = await openPage();
    const before = fromDashboard.callsTo('/api/sessao/web').length;
    await second.user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(fromDashboard.callsTo('/api/sessao/web').length).toBeGreaterThan(before),
    );
    expect(fromDashboard.callsTo('/api/gl_usuario/me')).toHaveLength(1);
  });
});
