import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaptchaConfig, LoginInfo, TwofaCheckResponse } from '#shared/schemas/auth';
import type { PrivacyOverview } from '#shared/schemas/privacy';
import { readLoginEvent } from '#client/lib/login-event';
import { pageNavigation } from '#client/lib/navigation';
import {
  anonymousSessionResponse,
  envelopeResponse,
  sessionResponse,
  setCsrfCookie,
  signedInSession,
  stubFetch,
  type StubHandler,
} from '#client/testing/fetch-stub';
import { fakeAltcha } from '#client/testing/fake-altcha-widget';
import { loginInfo, publicProduct } from '#client/testing/login-fixtures';
import { renderApp, resetAppState } from '#client/testing/render-app';

vi.mock('#client/components/altcha-widget', () => import('#client/testing/fake-altcha-widget'));

const NO_CAPTCHA: CaptchaConfig = { provider: 'none', siteKey: null, challengeUrl: null };
const ALTCHA: CaptchaConfig = {
  provider: 'altcha',
  siteKey: null,
  challengeUrl: '/api/captcha/desafio',
};
const NO_2FA: TwofaCheckResponse = {
  twofa_enabled: false,
  twofa_shouldAskCreate: true,
  twofa_isTrustedDevice: false,
};
const WITH_2FA: TwofaCheckResponse = {
  twofa_enabled: true,
  twofa_shouldAskCreate: false,
  twofa_isTrustedDevice: false,
};

interface ServerOptions {
  product?: ReturnType<typeof publicProduct> | null;
  captcha?: CaptchaConfig;
  twofa?: TwofaCheckResponse;
  /** The answers of POST /api/acesso/login, in order (the last one repeats). */
  logins?: (LoginInfo | Response)[];
  /** GET /api/gl_usuario/me/privacidade after the sign-in (issue 19): nothing pending by default. */
  privacy?: Pick<PrivacyOverview, 'termos_pendentes' | 'exclusao'>;
  extra?: Record<string, StubHandler>;
}

/** A fake server: anonymous until a login succeeds, then signed in as signedInSession(). */
function serve({
  product = publicProduct(),
  captcha = NO_CAPTCHA,
  twofa = NO_2FA,
  logins = [loginInfo()],
  privacy = { termos_pendentes: [], exclusao: null },
  extra = {},
}: ServerOptions = {}) {
  let signedIn = false;
  let loginCount = 0;
  const stub = stubFetch({
    'GET /api/sessao/web': () =>
      signedIn ? sessionResponse(signedInSession()) : anonymousSessionResponse(),
    'GET /api/gl_produto/2/edit': () =>
      product
        ? envelopeResponse(product)
        : envelopeResponse(null, { httpStatus: 404, message: 'Produto não encontrado.' }),
    'GET /api/captcha/config': () => envelopeResponse(captcha),
    'POST /api/gl_usuario/twofa/twofaCheckUsuario': () => envelopeResponse(twofa),
    'GET /api/gl_usuario/me/privacidade': () =>
      envelopeResponse({ consentimentos: [], versoes_atuais: [], exportacao: null, ...privacy }),
    // The privacy screen's deletion form asks whether 2FA is on (its code field shows at once).
    'POST /api/gl_usuario/twofaStatus': () =>
      envelopeResponse({ twofa_enabled: false, trusted_dispositivo_list: [], recovery_keys_restantes: 0 }),
    'POST /api/acesso/login': () => {
      const answer = logins[Math.min(loginCount, logins.length - 1)];
      loginCount += 1;
      if (answer instanceof Response) return answer;
      signedIn = true;
      return envelopeResponse(answer);
    },
    ...extra,
  });
  const callsTo = (path: string) => stub.calls.filter((call) => call.path === path);
  return { ...stub, callsTo };
}

function wrongPassword() {
  return envelopeResponse(null, { httpStatus: 401, message: 'E-mail ou senha inválidos.' });
}

const enterButton = () => screen.getByRole('button', { name: 'Entrar' });
const manageButton = () => screen.getByRole('button', { name: 'Entrar & Gerenciar meus dados' });

async function openLogin() {
  const view = renderApp('/login/2');
  await screen.findByText('Gestão');
  return view;
}

let navigate: ReturnType<typeof vi.fn<(url: string) => void>>;

beforeEach(() => {
  setCsrfCookie('csrf');
  sessionStorage.clear();
  fakeAltcha.challenges = 0;
  navigate = vi.fn<(url: string) => void>();
  vi.spyOn(pageNavigation, 'load').mockImplementation(navigate);
});

afterEach(() => {
  resetAppState();
  setCsrfCookie(null);
});

describe('login screen (§2 Login)', () => {
  it('shows the product and the links; Cadastre-se only when the product allows sign-up', async () => {
    serve();
    await openLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Entrar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cadastre-se' })).toHaveAttribute(
      'href',
      '/login/2/conta_criar',
    );
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute(
      'href',
      '/login/recuperar_email/2',
    );
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
    expect(screen.getByLabelText('Senha')).toBeInTheDocument();
  });

  it('has no Cadastre-se when the product does not allow sign-up', async () => {
    serve({ product: publicProduct({ cadastro_permitido: false }) });
    await openLogin();
    expect(screen.queryByRole('link', { name: 'Cadastre-se' })).not.toBeInTheDocument();
  });

  it('says so for an unknown product, and offers no form', async () => {
    serve({ product: null });
    renderApp('/login/2');
    expect(
      await screen.findByText(
        'Produto não encontrado. Confira o endereço de acesso que você recebeu.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Entrar' })).not.toBeInTheDocument();
  });

  it("shows 'Fale conosco' as an e-mail link when the page names a contact address", async () => {
    const meta = document.createElement('meta');
    meta.name = 'contact-email';
    meta.content = 'suporte@exemplo.com.br';
    document.head.append(meta);
    try {
      serve();
      await openLogin();
      expect(screen.getByRole('link', { name: 'Fale conosco' })).toHaveAttribute(
        'href',
        'mailto:suporte@exemplo.com.br',
      );
    } finally {
      meta.remove();
    }
  });
});

describe('2FA code field (§4, §5)', () => {
  it("appears only after leaving an e-mail with exactly one '@' of a 2FA user", async () => {
    const { callsTo } = serve({ twofa: WITH_2FA });
    const { user } = await openLogin();
    const email = screen.getByLabelText('E-mail');

    await user.type(email, 'maria');
    await user.tab();
    await user.clear(email);
    await user.type(email, 'maria@@exemplo.com.br');
    await user.tab();
    expect(callsTo('/api/gl_usuario/twofa/twofaCheckUsuario')).toHaveLength(0);
    expect(screen.queryByLabelText('Código de verificação (2FA)')).not.toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'maria@exemplo.com.br');
    expect(screen.queryByLabelText('Código de verificação (2FA)')).not.toBeInTheDocument();
    await user.tab();

    const code = await screen.findByLabelText('Código de verificação (2FA)');
    expect(code).toHaveAccessibleDescription('6 dígitos');
    // The limits come with the validation, which loads once the form is in use.
    await waitFor(() => expect(code).toHaveAttribute('maxLength', '16'));
    expect(callsTo('/api/gl_usuario/twofa/twofaCheckUsuario')[0]?.body).toEqual({
      email: 'maria@exemplo.com.br',
    });
    expect(screen.getByLabelText('Confiar neste dispositivo')).not.toBeChecked();
    // The device name shows only when trusting.
    expect(screen.queryByLabelText('Nome do dispositivo')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Confiar neste dispositivo'));
    expect(screen.getByLabelText('Nome do dispositivo')).toHaveAttribute('maxLength', '80');
  });

  it('does not appear for a user without 2FA, nor on a trusted device', async () => {
    serve({ twofa: { ...WITH_2FA, twofa_isTrustedDevice: true } });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('E-mail'), 'maria@exemplo.com.br');
    await user.tab();
    await waitFor(() => expect(screen.getByLabelText('Senha')).toHaveFocus());
    expect(screen.queryByLabelText('Código de verificação (2FA)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Confiar neste dispositivo')).not.toBeInTheDocument();
  });

  it('appears when the server asks for the code, with its message', async () => {
    serve({
      twofa: NO_2FA,
      logins: [
        envelopeResponse(null, {
          httpStatus: 422,
          message: 'Verifique os campos destacados.',
          errors: { twofaCode: ['Por favor, insira o código de verificação.'] },
        }),
      ],
    });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('E-mail'), 'maria@exemplo.com.br');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await user.click(enterButton());
    const code = await screen.findByLabelText('Código de verificação (2FA)');
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAccessibleDescription(
      '6 dígitos Por favor, insira o código de verificação.',
    );
  });
});

describe('first load', () => {
  it('loads the captcha widget only once the person starts using the form', async () => {
    const { callsTo } = serve({ captcha: ALTCHA, twofa: NO_2FA });
    const { user } = await openLogin();
    await waitFor(() => expect(callsTo('/api/captcha/config')).toHaveLength(1));
    // Nothing of the widget yet: no challenge asked, no checkbox shown.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByLabelText('Eu não sou um robô')).toBeNull();
    expect(fakeAltcha.challenges).toBe(0);

    await user.click(screen.getByLabelText('E-mail'));
    expect(await screen.findByLabelText('Eu não sou um robô')).toBeInTheDocument();
    expect(enterButton()).toBeDisabled();
  });
});

describe('buttons (§5)', () => {
  it('are enabled only with the captcha ready, the e-mail and the password', async () => {
    serve({ captcha: ALTCHA, twofa: NO_2FA });
    const { user } = await openLogin();
    expect(enterButton()).toBeDisabled();
    expect(manageButton()).toBeDisabled();

    await user.type(screen.getByLabelText('E-mail'), 'maria@exemplo.com.br');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    expect(enterButton()).toBeDisabled();

    await user.click(await screen.findByLabelText('Eu não sou um robô'));
    expect(enterButton()).toBeEnabled();
    expect(manageButton()).toBeEnabled();

    await user.clear(screen.getByLabelText('Senha'));
    expect(enterButton()).toBeDisabled();
  });

  it('need the 2FA code when asked, and the device name when trusting', async () => {
    serve({ twofa: WITH_2FA });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('E-mail'), 'maria@exemplo.com.br');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    const code = await screen.findByLabelText('Código de verificação (2FA)');
    expect(enterButton()).toBeDisabled();

    await user.type(code, '123456');
    expect(enterButton()).toBeEnabled();

    await user.click(screen.getByLabelText('Confiar neste dispositivo'));
    expect(enterButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Nome do dispositivo'), 'Notebook do escritório');
    expect(enterButton()).toBeEnabled();
  });

  it('send the login once, with what §7 names, and stay off while it is on its way', async () => {
    let answer: (response: Response) => void = () => {};
    const { callsTo } = serve({
      twofa: WITH_2FA,
      extra: {
        'POST /api/acesso/login': () => new Promise<Response>((resolve) => (answer = resolve)),
      },
    });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('E-mail'), ' Maria@Exemplo.com.br ');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await user.type(await screen.findByLabelText('Código de verificação (2FA)'), '123456');
    await user.click(screen.getByLabelText('Confiar neste dispositivo'));
    await user.type(screen.getByLabelText('Nome do dispositivo'), 'Notebook');

    await user.click(enterButton());
    await waitFor(() => expect(callsTo('/api/acesso/login')).toHaveLength(1));
    expect(enterButton()).toBeDisabled();
    expect(manageButton()).toBeDisabled();
    await user.click(enterButton());
    expect(callsTo('/api/acesso/login')).toHaveLength(1);
    expect(callsTo('/api/acesso/login')[0]?.body).toEqual({
      email: 'maria@exemplo.com.br',
      senha: 'segredo1',
      gl_produto_id: 2,
      twofaCode: '123456',
      twofaTrust: true,
      twofaTrustName: 'Notebook',
    });
    answer(wrongPassword());
    await waitFor(() => expect(enterButton()).toBeEnabled());
  });
});

describe('a wrong login (§4)', () => {
  it('shows the message, resets the captcha and puts the focus on the password', async () => {
    const { callsTo } = serve({ captcha: ALTCHA, logins: [wrongPassword(), loginInfo()] });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('E-mail'), 'maria@exemplo.com.br');
    await user.type(screen.getByLabelText('Senha'), 'errada');
    await user.click(await screen.findByLabelText('Eu não sou um robô'));
    await user.click(enterButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail ou senha inválidos.');
    expect(callsTo('/api/acesso/login')[0]?.body).toMatchObject({ recaptcha: 'solucao-1' });
    await waitFor(() => expect(screen.getByLabelText('Senha')).toHaveFocus());
    // A new challenge: unsolved, so the buttons wait for it again.
    expect(screen.getByLabelText('Eu não sou um robô')).not.toBeChecked();
    expect(enterButton()).toBeDisabled();

    await user.click(screen.getByLabelText('Eu não sou um robô'));
    await user.click(enterButton());
    await waitFor(() => expect(callsTo('/api/acesso/login')).toHaveLength(2));
    expect(callsTo('/api/acesso/login')[1]?.body).toMatchObject({ recaptcha: 'solucao-2' });
  });

  it('shows a captcha refusal under the captcha', async () => {
    serve({
      captcha: ALTCHA,
      logins: [
        envelopeResponse(null, {
          httpStatus: 422,
          message: 'Verifique os campos destacados.',
          errors: { recaptcha: ['Confirme que você não é um robô.'] },
        }),
      ],
    });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('E-mail'), 'maria@exemplo.com.br');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await user.click(await screen.findByLabelText('Eu não sou um robô'));
    await user.click(enterButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Confirme que você não é um robô.');
    expect(screen.getByLabelText('Eu não sou um robô')).not.toBeChecked();
  });
});

async function signIn(user: ReturnType<typeof renderApp>['user'], button = enterButton) {
  await user.type(screen.getByLabelText('E-mail'), 'maria@exemplo.com.br');
  await user.type(screen.getByLabelText('Senha'), 'segredo1');
  await waitFor(() => expect(button()).toBeEnabled());
  await user.click(button());
}

describe('after the login (§4)', () => {
  it('asks for a new password first when the server says so', async () => {
    serve({ logins: [loginInfo({ senha_revalidar: true })] });
    const { user, router } = await openLogin();
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/2/conta_criar_senha'));
    expect(await screen.findByRole('heading', { name: 'Altere sua senha' })).toBeInTheDocument();
  });

  it('goes to the client selection when the user has several clients', async () => {
    const clientes = [
      {
        id: 30,
        nivel: 10,
        cliente: { id: 3, razao_social: 'Padaria Central Ltda', cpfcnpj: null },
      },
      { id: 31, nivel: 10, cliente: { id: 4, razao_social: 'Mercado Sul S.A.', cpfcnpj: null } },
    ];
    const info = loginInfo({ cliente: null, clientes });
    serve({
      logins: [info],
      // The selection screen lists the clients of the remembered login event.
      extra: { 'POST /api/acesso/evento_getInfo': () => envelopeResponse(info) },
    });
    const { user, router } = await openLogin();
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/2/conta_selecionar'));
    expect(await screen.findByRole('button', { name: 'Mercado Sul S.A.' })).toBeInTheDocument();
  });

  it('shows the privacy screen first when new legal versions await acceptance or a deletion is scheduled (issue 19)', async () => {
    for (const privacy of [
      { termos_pendentes: ['politica_privacidade' as const], exclusao: null },
      {
        termos_pendentes: [],
        exclusao: {
          id: 1,
          datahora_pedido: '2026-11-20T12:00:00Z',
          datahora_agendado: '2026-11-27T12:00:00Z',
        },
      },
    ]) {
      serve({ privacy });
      const { user, router } = await openLogin();
      await signIn(user);
      await waitFor(() => expect(router.state.location.pathname).toBe('/me/privacidade'));
      expect(router.state.location.search).toBe('?origin=login&pid=2');
      cleanup();
    }
  });

  it('with one client on localhost, stops at the redirect page before the product', async () => {
    const info = loginInfo();
    serve({ logins: [info] });
    const { user, router } = await openLogin();
    await signIn(user);
    expect(await screen.findByRole('heading', { name: 'Login realizado' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/a/redirect');
    expect(screen.getByRole('link', { name: 'Acessar Gestão' })).toHaveAttribute('href', info.url);
    expect(navigate).not.toHaveBeenCalled();
    // Kept for 'Prosseguir com o Login' (me.config, me.twofa).
    expect(readLoginEvent()).toEqual({ evento_id: 41, evento_token: 'evento-token-41', pid: 2 });
  });

  it('elsewhere goes straight to the product url', async () => {
    vi.spyOn(pageNavigation, 'hostname').mockReturnValue('portal.exemplo.com.br');
    const info = loginInfo();
    serve({ logins: [info] });
    const { user } = await openLogin();
    await signIn(user);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(info.url));
  });

  it("'Entrar & Gerenciar meus dados' goes to the settings menu of the login", async () => {
    serve({ logins: [loginInfo()] });
    const { user, router } = await openLogin();
    await signIn(user, manageButton);
    expect(await screen.findByRole('heading', { name: 'Configurações' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/me/config?origin=login&pid=2',
    );
    // The session context knows the new user at once: no "session changed" notice.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prosseguir com o Login' })).toBeInTheDocument();
  });
});

describe('2FA activation offer (§2 Login)', () => {
  const askInfo = () => loginInfo({ twofa_shouldAskCreate: true });

  it("'Continuar Login' goes on with the login", async () => {
    const { callsTo } = serve({ logins: [askInfo()] });
    const { user, router } = await openLogin();
    await signIn(user);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent(
      'Proteja sua conta com a verificação em duas etapas',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Continuar Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/a/redirect'));
    expect(callsTo('/api/gl_usuario/twofa/twofaActivateWhen')).toHaveLength(0);
  });

  it("'Lembrar em 30 dias' asks the server to remind later, then goes on", async () => {
    const { callsTo } = serve({
      logins: [askInfo()],
      extra: {
        'POST /api/gl_usuario/twofa/twofaActivateWhen': () =>
          envelopeResponse({ twofa_lembrar_em: '2027-01-01T00:00:00Z' }),
      },
    });
    const { user, router } = await openLogin();
    await signIn(user);
    await user.click(await screen.findByRole('button', { name: 'Lembrar em 30 dias' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/a/redirect'));
    expect(callsTo('/api/gl_usuario/twofa/twofaActivateWhen')).toHaveLength(1);
  });

  it("'Ativar agora' opens the 2FA screen of the login, activating at once", async () => {
    const { callsTo } = serve({
      logins: [askInfo()],
      extra: {
        'POST /api/gl_usuario/twofaStatus': () =>
          envelopeResponse({
            twofa_enabled: false,
            trusted_dispositivo_list: [],
            recovery_keys_restantes: 0,
          }),
        'POST /api/gl_usuario/twofaGenerateQrCode': () =>
          envelopeResponse({
            qr_code_base64: 'data:image/png;base64,iVBORw0KGgo=',
            secret: 'JBSWY3DPEHPK3PXP',
          }),
        'GET /api/gl_usuario/me/chaves_acesso': () => envelopeResponse({ chaves: [] }),
      },
    });
    const { user, router } = await openLogin();
    await signIn(user);
    await user.click(await screen.findByRole('button', { name: 'Ativar agora' }));
    expect(await screen.findByRole('heading', { name: 'Gerenciar 2FA' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/me/twofa?origin=login&pid=2&askOnMount=1',
    );
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(callsTo('/api/gl_usuario/twofaGenerateQrCode')).toHaveLength(1);
  });
});

describe('reached from an application (decision 097)', () => {
  const UID = 'AbCdEfGhIjKlMnOpQrStU';

  it("says which application asks: 'Entre para continuar em …', with its logo", async () => {
    sessionStorage.setItem('portal.oidcInteracao', JSON.stringify({ id: UID, at: Date.now() }));
    serve({
      extra: {
        [`GET /api/oidc/interacao/${UID}`]: () =>
          envelopeResponse({ aplicativo: 'Agenda Parceira', logo_url: '/logos/agenda.png', gl_produto_id: 2, escopos: ['openid'] }),
      },
    });
    await openLogin();
    expect(await screen.findByText('Entre para continuar em Agenda Parceira')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Logotipo de Agenda Parceira' })).toHaveAttribute('src', `${window.location.origin}/logos/agenda.png`);
    expect(enterButton()).toBeInTheDocument();
  });

  it('shows the form alone when the request cannot be read', async () => {
    sessionStorage.setItem('portal.oidcInteracao', JSON.stringify({ id: UID, at: Date.now() }));
    const { callsTo } = serve({
      extra: {
        [`GET /api/oidc/interacao/${UID}`]: () =>
          envelopeResponse(null, { httpStatus: 404, message: 'Este pedido de acesso expirou.' }),
      },
    });
    await openLogin();
    await waitFor(() => expect(callsTo(`/api/oidc/interacao/${UID}`)).toHaveLength(1));
    expect(screen.queryByText(/Entre para continuar em/)).not.toBeInTheDocument();
    expect(screen.queryByText('Este pedido de acesso expirou.')).not.toBeInTheDocument();
  });
});
