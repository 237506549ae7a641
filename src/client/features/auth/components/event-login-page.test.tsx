import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaptchaConfig } from '#shared/schemas/auth';
import { pageNavigation } from '#client/lib/navigation';
import {
  anonymousSessionResponse,
  envelopeResponse,
  setCsrfCookie,
  stubFetch,
} from '#client/testing/fetch-stub';
import { fakeAltcha } from '#client/testing/fake-altcha-widget';
import { renderApp, resetAppState } from '#client/testing/render-app';

vi.mock('#client/components/altcha-widget', () => import('#client/testing/fake-altcha-widget'));

const ALTCHA: CaptchaConfig = {
  provider: 'altcha',
  siteKey: null,
  challengeUrl: '/api/captcha/desafio',
};

function serve(answers: Response[]) {
  let count = 0;
  const stub = stubFetch({
    'GET /api/sessao/web': anonymousSessionResponse,
    'GET /api/captcha/config': () => envelopeResponse(ALTCHA),
    'POST /api/acesso/login_evento': () => answers[Math.min(count++, answers.length - 1)]!,
  });
  return {
    eventCalls: () => stub.calls.filter((call) => call.path === '/api/acesso/login_evento'),
  };
}

const PATH = '/e/login?to=%2Fem-breve&evento_id=5&evento_token=tok-5';

let navigate: ReturnType<typeof vi.fn<(url: string) => void>>;

beforeEach(() => {
  setCsrfCookie('csrf');
  fakeAltcha.challenges = 0;
  navigate = vi.fn<(url: string) => void>();
  vi.spyOn(pageNavigation, 'load').mockImplementation(navigate);
});

afterEach(() => {
  resetAppState();
  setCsrfCookie(null);
});

describe('e.login (§2 /e/login)', () => {
  it('without the event in the address, says so and shows no form', async () => {
    stubFetch({ 'GET /api/sessao/web': anonymousSessionResponse });
    renderApp('/e/login?to=%2Fpainel&evento_id=5');
    expect(await screen.findByRole('heading', { name: 'Confirme sua senha' })).toBeInTheDocument();
    expect(screen.getByText(/Este link de confirmação está incompleto/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Senha')).not.toBeInTheDocument();
  });

  it('confirms the password with the event and goes where the server says', async () => {
    const { eventCalls } = serve([envelopeResponse({ to: '/em-breve' })]);
    const { user, router } = renderApp(PATH);
    const confirm = await screen.findByRole('button', { name: 'Confirmar' });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    expect(confirm).toBeDisabled(); // §5: the captcha too
    await user.click(await screen.findByLabelText('Eu não sou um robô'));
    expect(confirm).toBeEnabled();

    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/em-breve'));
    expect(eventCalls()[0]?.body).toEqual({
      password: 'segredo1',
      recaptcha: 'solucao-1',
      to: '/em-breve',
      evento_id: 5,
      evento_token: 'tok-5',
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves the portal for an address of another site', async () => {
    serve([envelopeResponse({ to: 'https://gestao.exemplo.com.br/acao' })]);
    const { user } = renderApp(PATH);
    await user.type(await screen.findByLabelText('Senha'), 'segredo1');
    await user.click(await screen.findByLabelText('Eu não sou um robô'));
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('https://gestao.exemplo.com.br/acao'),
    );
  });

  it('on a wrong password shows the message, resets the captcha and focuses the password', async () => {
    const { eventCalls } = serve([
      envelopeResponse(null, { httpStatus: 401, message: 'Senha inválida.' }),
    ]);
    const { user } = renderApp(PATH);
    await user.type(await screen.findByLabelText('Senha'), 'errada');
    await user.click(await screen.findByLabelText('Eu não sou um robô'));
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Senha inválida.');
    await waitFor(() => expect(screen.getByLabelText('Senha')).toHaveFocus());
    expect(screen.getByLabelText('Eu não sou um robô')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Confirmar' })).toBeDisabled();
    expect(eventCalls()).toHaveLength(1);
  });

  it('asks for the 2FA code when the server wants it, then sends it with the password', async () => {
    const { eventCalls } = serve([
      envelopeResponse(null, {
        httpStatus: 422,
        message: 'Verifique os campos destacados.',
        errors: { twofaCode: ['Por favor, insira o código de verificação.'] },
      }),
      envelopeResponse({ to: '/em-breve' }),
    ]);
    const { user, router } = renderApp(PATH);
    await user.type(await screen.findByLabelText('Senha'), 'segredo1');
    await user.click(await screen.findByLabelText('Eu não sou um robô'));
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));

    const code = await screen.findByLabelText('Código de verificação (2FA)');
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAccessibleDescription(/Por favor, insira o código de verificação\./);
    await user.type(code, '123456');
    await user.click(await screen.findByLabelText('Eu não sou um robô'));
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/em-breve'));
    expect(eventCalls()[0]?.body).not.toHaveProperty('twofaCode');
    expect(eventCalls()[1]?.body).toMatchObject({ password: 'segredo1', twofaCode: '123456' });
  });
});
