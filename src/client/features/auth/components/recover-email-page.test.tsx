import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaptchaConfig } from '#shared/schemas/auth';
import { getNotices } from '#client/lib/notices';
import {
  anonymousSessionResponse,
  envelopeResponse,
  setCsrfCookie,
  stubFetch,
  type StubHandler,
} from '#client/testing/fetch-stub';
import { fakeAltcha } from '#client/testing/fake-altcha-widget';
import { renderApp, resetAppState } from '#client/testing/render-app';
import { RECOVER_EMAIL_TEXTS } from '../texts';

vi.mock('#client/components/altcha-widget', () => import('#client/testing/fake-altcha-widget'));

const ALTCHA: CaptchaConfig = {
  provider: 'altcha',
  siteKey: null,
  challengeUrl: '/api/captcha/desafio',
};
const SENT = 'As instruções para recuperar sua senha foram enviadas para seu e-mail.';

function serve(recover: StubHandler = () => envelopeResponse(null, { message: SENT })) {
  const stub = stubFetch({
    'GET /api/sessao/web': anonymousSessionResponse,
    'GET /api/captcha/config': () => envelopeResponse(ALTCHA),
    'POST /api/acesso/recuperar_email': recover,
  });
  return { callsTo: (path: string) => stub.calls.filter((call) => call.path === path) };
}

async function open() {
  const view = renderApp('/login/recuperar_email/2');
  expect(await screen.findByRole('heading', { level: 1, name: 'Recuperar senha' })).toBeVisible();
  return view;
}

const submitButton = () => screen.getByRole('button', { name: 'Enviar instruções' });
const robot = () => screen.findByLabelText('Eu não sou um robô');

beforeEach(() => {
  setCsrfCookie('csrf');
  fakeAltcha.challenges = 0;
});

afterEach(() => {
  resetAppState();
  setCsrfCookie(null);
});

describe('recuperar_email (§2, §5 Reset request)', () => {
  it('enables the button only with an e-mail and the captcha ready; links back to the login', async () => {
    serve();
    const { user } = await open();
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute(
      'href',
      '/login/2',
    );
    expect(submitButton()).toBeDisabled();
    await user.type(screen.getByLabelText('E-mail'), 'maria@exemplo.com.br');
    expect(submitButton()).toBeDisabled();
    await user.click(await robot());
    expect(submitButton()).toBeEnabled();
    await user.clear(screen.getByLabelText('E-mail'));
    expect(submitButton()).toBeDisabled();
  });

  it('refuses an invalid e-mail without a call', async () => {
    const { callsTo } = serve();
    const { user } = await open();
    await user.type(screen.getByLabelText('E-mail'), 'maria@');
    await user.click(await robot());
    await user.click(submitButton());
    await waitFor(() =>
      expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(
        'Digite um e-mail válido.',
      ),
    );
    expect(callsTo('/api/acesso/recuperar_email')).toHaveLength(0);
  });

  it('sends {email, recaptcha}, says the instructions were sent and stays, with a new captcha', async () => {
    const { callsTo } = serve();
    const { user, router } = await open();
    await user.type(screen.getByLabelText('E-mail'), 'Maria@Exemplo.com.br');
    await user.click(await robot());
    await user.click(submitButton());

    // On the page, where it stays, and as a §8 success notice.
    const form = screen.getByRole('form', { name: 'Recuperar senha' });
    expect(await within(form).findByText(SENT)).toBeVisible();
    expect(getNotices().map((notice) => [notice.level, notice.text])).toContainEqual([
      'success',
      SENT,
    ]);
    expect(callsTo('/api/acesso/recuperar_email').map((call) => call.body)).toEqual([
      { email: 'maria@exemplo.com.br', recaptcha: 'solucao-1' },
    ]);
    expect(router.state.location.pathname).toBe('/login/recuperar_email/2');
    // A used captcha answer is gone: the next request needs a new one.
    expect(await robot()).not.toBeChecked();
    expect(submitButton()).toBeDisabled();
    await user.click(await robot());
    await user.click(submitButton());
    await waitFor(() => expect(callsTo('/api/acesso/recuperar_email')).toHaveLength(2));
    expect(callsTo('/api/acesso/recuperar_email')[1]?.body).toMatchObject({
      recaptcha: 'solucao-2',
    });
  });

  it('shows a captcha refusal under the captcha, with a new challenge', async () => {
    serve(() =>
      envelopeResponse(null, {
        httpStatus: 422,
        message: 'Verifique os campos destacados.',
        errors: { recaptcha: ['Confirme que você não é um robô.'] },
      }),
    );
    const { user } = await open();
    await user.type(screen.getByLabelText('E-mail'), 'maria@exemplo.com.br');
    await user.click(await robot());
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Confirme que você não é um robô.');
    expect(await robot()).not.toBeChecked();
    expect(screen.queryByText(RECOVER_EMAIL_TEXTS.sent)).not.toBeInTheDocument();
  });
});
