import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaptchaConfig, LoginInfo } from '#shared/schemas/auth';
import type { SignUpResponse } from '#shared/schemas/account';
import { readLoginEvent } from '#client/lib/login-event';
import { pageNavigation } from '#client/lib/navigation';
import { getNotices } from '#client/lib/notices';
import {
  anonymousSessionResponse,
  envelopeResponse,
  setCsrfCookie,
  setMeta,
  stubFetch,
  type StubHandler,
} from '#client/testing/fetch-stub';
import { fakeAltcha } from '#client/testing/fake-altcha-widget';
import { loginInfo, publicProduct } from '#client/testing/login-fixtures';
import { renderApp, resetAppState } from '#client/testing/render-app';
import { CREATE_ACCOUNT_TEXTS } from '../texts';

vi.mock('#client/components/altcha-widget', () => import('#client/testing/fake-altcha-widget'));

/** The consent's label, links included. */
const TERMS_LABEL = /^Li e aceito os Termos de Uso e a Política de Privacidade/;

const NO_CAPTCHA: CaptchaConfig = { provider: 'none', siteKey: null, challengeUrl: null };
const ALTCHA: CaptchaConfig = {
  provider: 'altcha',
  siteKey: null,
  challengeUrl: '/api/captcha/desafio',
};

const NEW_ACCOUNT: SignUpResponse = {
  ok: true,
  senha_digitar: false,
  sessao: null,
  evento: null,
  url: 'http://localhost/login/2',
};
const ASK_PASSWORD: SignUpResponse = {
  ok: false,
  senha_digitar: true,
  sessao: null,
  evento: null,
  url: null,
};
const SIGNED_IN: SignUpResponse = {
  ok: true,
  senha_digitar: false,
  sessao: { id: '5b0c6a3e-1d1f-4a51-9d0e-7a7a8f1e2b3c', token: 'sessao-token' },
  evento: { id: 77, token: 'evento-token-77' },
  url: 'https://gestao.exemplo.com.br/entrar',
};
/** The new client of an existing user: no contract on the product yet. */
const NEW_CLIENT_INFO: LoginInfo = loginInfo({
  evento: { id: 77, token: 'evento-token-77' },
  contrato_ultimo: null,
});

function fieldError(httpStatus: number, errors: Record<string, string[]>) {
  return envelopeResponse(null, {
    httpStatus,
    message: 'Verifique os campos destacados.',
    errors,
  });
}

interface ServerOptions {
  product?: ReturnType<typeof publicProduct>;
  captcha?: CaptchaConfig;
  /** The answers of POST /api/acesso/conta_criar, in order (the last one repeats). */
  answers?: (SignUpResponse | Response | Promise<Response>)[];
  extra?: Record<string, StubHandler>;
}

function serve({
  product = publicProduct(),
  captcha = NO_CAPTCHA,
  answers = [NEW_ACCOUNT],
  extra = {},
}: ServerOptions = {}) {
  let count = 0;
  const stub = stubFetch({
    'GET /api/sessao/web': anonymousSessionResponse,
    'GET /api/gl_produto/2/edit': () => envelopeResponse(product),
    'GET /api/captcha/config': () => envelopeResponse(captcha),
    'POST /api/acesso/conta_criar': () => {
      const answer = answers[Math.min(count, answers.length - 1)];
      count += 1;
      if (answer instanceof Response || answer instanceof Promise) return answer;
      return envelopeResponse(answer, {
        message: answer?.senha_digitar ? CREATE_ACCOUNT_TEXTS.alreadyRegistered : '',
      });
    },
    ...extra,
  });
  const callsTo = (path: string) => stub.calls.filter((call) => call.path === path);
  return { ...stub, callsTo };
}

async function open() {
  const view = renderApp('/login/2/conta_criar');
  expect(await screen.findByRole('heading', { level: 1, name: 'Criar uma conta' })).toBeVisible();
  await screen.findByLabelText('Nome');
  return view;
}

const submitButton = () => screen.getByRole('button', { name: 'Criar conta e continuar' });
const terms = () => screen.getByRole('checkbox', { name: TERMS_LABEL });

type User = ReturnType<typeof renderApp>['user'];

/** A person (CPF) filling the form, terms accepted. */
async function fillPerson(user: User, overrides: { email?: string } = {}) {
  await user.type(screen.getByLabelText('Nome'), 'Maria Souza');
  await user.type(screen.getByLabelText('E-mail'), overrides.email ?? 'Maria@Exemplo.com.br');
  await user.type(screen.getByLabelText('Seu celular'), '11987654321');
  await user.type(screen.getByLabelText('CPF ou CNPJ'), '52998224725');
  await user.click(terms());
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

describe('conta_criar (§2 Create account, logged out)', () => {
  it('shows the fields, the temporary-password note, the consent links and the way back', async () => {
    serve();
    await open();
    for (const label of ['Nome', 'E-mail', 'Seu celular', 'CPF ou CNPJ']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.queryByLabelText('Senha')).not.toBeInTheDocument();
    expect(screen.getByText(CREATE_ACCOUNT_TEXTS.temporaryPassword)).toBeVisible();
    const termsLink = screen.getByRole('link', { name: 'Termos de Uso' });
    expect(termsLink).toHaveAttribute('href', '/termos-de-uso');
    expect(termsLink).toHaveAttribute('target', '_blank');
    expect(termsLink).toHaveAttribute('rel', 'noopener noreferrer');
    const privacyLink = screen.getByRole('link', { name: 'Política de Privacidade' });
    expect(privacyLink).toHaveAttribute('href', '/politica-de-privacidade');
    expect(privacyLink).toHaveAttribute('target', '_blank');
    expect(privacyLink).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute(
      'href',
      '/login/2',
    );
  });

  it('masks the phone and the document; Nome da empresa only for a CNPJ', async () => {
    serve();
    const { user } = await open();
    await user.type(screen.getByLabelText('Seu celular'), '11987654321');
    expect(screen.getByLabelText('Seu celular')).toHaveValue('(11) 98765-4321');

    const document = screen.getByLabelText('CPF ou CNPJ');
    await user.type(document, '52998224725');
    expect(document).toHaveValue('529.982.247-25');
    expect(screen.queryByLabelText('Nome da empresa')).not.toBeInTheDocument();

    await user.clear(document);
    await user.type(document, '11222333000181');
    expect(document).toHaveValue('11.222.333/0001-81');
    expect(screen.getByLabelText('Nome da empresa')).toBeInTheDocument();

    // The alphanumeric CNPJ (IN RFB 2.229/2024) counts too.
    await user.clear(document);
    await user.type(document, '12abc34501de35');
    expect(document).toHaveValue('12.ABC.345/01DE-35');
    expect(screen.getByLabelText('Nome da empresa')).toBeInTheDocument();

    await user.clear(document);
    expect(screen.queryByLabelText('Nome da empresa')).not.toBeInTheDocument();
  });

  it('keeps the button off until the terms are accepted and the captcha is ready', async () => {
    serve({ captcha: ALTCHA });
    const { user } = await open();
    expect(submitButton()).toBeDisabled();
    await user.click(terms());
    // Terms accepted, captcha not solved yet.
    expect(submitButton()).toBeDisabled();
    await user.click(await screen.findByLabelText('Eu não sou um robô'));
    expect(submitButton()).toBeEnabled();
    await user.click(terms());
    expect(submitButton()).toBeDisabled();
  });

  it('checks the fields with the §5 messages before any call', async () => {
    const { callsTo } = serve();
    const { user } = await open();
    await user.click(terms());
    await user.click(submitButton());
    expect(await screen.findByText('Campo de e-mail obrigatório.')).toBeVisible();
    expect(screen.getByLabelText('Nome')).toHaveAccessibleDescription('Campo obrigatório.');
    expect(screen.getByLabelText('Seu celular')).toHaveAccessibleDescription(
      'Campo obrigatório. Confira se os número estão corretos.',
    );
    expect(screen.getByLabelText('CPF ou CNPJ')).toHaveAccessibleDescription('Campo obrigatório.');

    await user.type(screen.getByLabelText('CPF ou CNPJ'), '11222333000182');
    await user.click(submitButton());
    await waitFor(() =>
      expect(screen.getByLabelText('CPF ou CNPJ')).toHaveAccessibleDescription(
        'Digite um CPF ou CNPJ válido',
      ),
    );
    expect(callsTo('/api/acesso/conta_criar')).toHaveLength(0);
  });

  it('asks for the company name of a CNPJ', async () => {
    const { callsTo } = serve();
    const { user } = await open();
    await fillPerson(user);
    const document = screen.getByLabelText('CPF ou CNPJ');
    await user.clear(document);
    await user.type(document, '11222333000181');
    await user.click(submitButton());
    await waitFor(() =>
      expect(screen.getByLabelText('Nome da empresa')).toHaveAccessibleDescription(
        'Campo obrigatório.',
      ),
    );
    expect(callsTo('/api/acesso/conta_criar')).toHaveLength(0);

    await user.type(screen.getByLabelText('Nome da empresa'), 'Padaria Central Ltda');
    await user.click(submitButton());
    await waitFor(() => expect(callsTo('/api/acesso/conta_criar')).toHaveLength(1));
    expect(callsTo('/api/acesso/conta_criar')[0]?.body).toMatchObject({
      cpfcnpj: '11222333000181',
      empresa_nome: 'Padaria Central Ltda',
    });
  });

  it('a new e-mail: sends what §7 names, no senha, and goes to the e-mail notice', async () => {
    const { callsTo } = serve({ captcha: ALTCHA });
    const { user, router } = await open();
    await fillPerson(user);
    await user.click(await screen.findByLabelText('Eu não sou um robô'));
    await user.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/2/conta_criar/email'));
    expect(callsTo('/api/acesso/conta_criar').map((call) => call.body)).toEqual([
      {
        nome: 'Maria Souza',
        email: 'maria@exemplo.com.br',
        telefone_celular: '11987654321',
        cpfcnpj: '52998224725',
        empresa_nome: null,
        gl_produto_id: 2,
        recaptcha: 'solucao-1',
        termos: true,
      },
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Senha enviada para seu e-mail' }),
    ).toBeVisible();
  });

  it('a known e-mail: asks for the password, sends it, and continues like after a login', async () => {
    setMeta('provider-name', 'Nuvem Sistemas');
    const { callsTo } = serve({
      captcha: ALTCHA,
      answers: [ASK_PASSWORD, SIGNED_IN],
      extra: { 'POST /api/acesso/evento_getInfo': () => envelopeResponse(NEW_CLIENT_INFO) },
    });
    const { user, router } = await open();
    await fillPerson(user);
    await user.click(await screen.findByLabelText('Eu não sou um robô'));
    await user.click(submitButton());

    const senha = await screen.findByLabelText('Senha');
    await waitFor(() => expect(senha).toHaveFocus());
    expect(senha).toHaveAccessibleDescription(
      'Percebemos que você já possui uma conta Nuvem Sistemas, digite sua senha para continuar.',
    );
    expect(getNotices().map((notice) => notice.text)).toContain(
      'Você já possui uma conta neste e-mail. Digite sua senha para continuar.',
    );
    // No temporary password for an account that exists.
    expect(screen.queryByText(CREATE_ACCOUNT_TEXTS.temporaryPassword)).not.toBeInTheDocument();
    // A used captcha answer is gone: a new challenge.
    expect(screen.getByLabelText('Eu não sou um robô')).not.toBeChecked();
    expect(submitButton()).toBeDisabled();

    await user.type(senha, 'demo1234');
    await user.click(screen.getByLabelText('Eu não sou um robô'));
    await user.click(submitButton());

    // A new client has no contract: the §4 routing shows the welcome.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/2/direcionar_produto'));
    const posts = callsTo('/api/acesso/conta_criar').map((call) => call.body);
    expect(posts).toHaveLength(2);
    expect(posts[0]).not.toHaveProperty('senha');
    expect(posts[1]).toMatchObject({ senha: 'demo1234', recaptcha: 'solucao-2' });
    expect(callsTo('/api/acesso/evento_getInfo')[0]?.body).toEqual({
      evento_id: 77,
      evento_token: 'evento-token-77',
    });
    expect(readLoginEvent()).toEqual({ evento_id: 77, evento_token: 'evento-token-77', pid: 2 });
  });

  it('the password field belongs to the e-mail the server asked about', async () => {
    const { callsTo } = serve({ answers: [ASK_PASSWORD, NEW_ACCOUNT] });
    const { user, router } = await open();
    await fillPerson(user);
    await user.click(submitButton());
    await screen.findByLabelText('Senha');

    const email = screen.getByLabelText('E-mail');
    await user.clear(email);
    await user.type(email, 'outra@exemplo.com.br');
    expect(screen.queryByLabelText('Senha')).not.toBeInTheDocument();
    await user.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/2/conta_criar/email'));
    expect(callsTo('/api/acesso/conta_criar')[1]?.body).not.toHaveProperty('senha');
  });

  it('the password is required once asked for', async () => {
    const { callsTo } = serve({ answers: [ASK_PASSWORD] });
    const { user } = await open();
    await fillPerson(user);
    await user.click(submitButton());
    const senha = await screen.findByLabelText('Senha');
    await user.click(submitButton());
    await waitFor(() => expect(senha).toHaveAccessibleDescription(/Campo obrigatório\./));
    expect(callsTo('/api/acesso/conta_criar')).toHaveLength(1);
  });

  it('a known e-mail with 2FA: asks the code the server wants, then signs in with it', async () => {
    const { callsTo } = serve({
      answers: [
        ASK_PASSWORD,
        fieldError(422, { twofaCode: ['Por favor, insira o código de verificação.'] }),
        SIGNED_IN,
      ],
      extra: { 'POST /api/acesso/evento_getInfo': () => envelopeResponse(NEW_CLIENT_INFO) },
    });
    const { user, router } = await open();
    await fillPerson(user);
    await user.click(submitButton());
    await user.type(await screen.findByLabelText('Senha'), 'demo1234');
    await user.click(submitButton());
    const code = await screen.findByLabelText(CREATE_ACCOUNT_TEXTS.code);
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAccessibleDescription(/Por favor, insira o código de verificação\./);
    await user.type(code, '123456');
    await user.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/2/direcionar_produto'));
    const posts = callsTo('/api/acesso/conta_criar').map((call) => call.body);
    expect(posts[1]).not.toHaveProperty('twofaCode');
    expect(posts[2]).toMatchObject({ senha: 'demo1234', twofaCode: '123456' });
  });

  it('shows the server’s field errors next to the fields (wrong password, taken document)', async () => {
    serve({
      answers: [
        ASK_PASSWORD,
        fieldError(422, { senha: ['Senha inválida.'] }),
        fieldError(422, {
          cpfcnpj: [
            'Já existe uma conta com este CPF/CNPJ. Peça acesso a quem administra essa conta.',
          ],
        }),
      ],
    });
    const { user, router } = await open();
    await fillPerson(user);
    await user.click(submitButton());
    const senha = await screen.findByLabelText('Senha');
    await user.type(senha, 'errada');
    await user.click(submitButton());
    await waitFor(() => expect(senha).toHaveAccessibleDescription(/Senha inválida\./));

    await user.type(senha, '2');
    await user.click(submitButton());
    await waitFor(() =>
      expect(screen.getByLabelText('CPF ou CNPJ')).toHaveAccessibleDescription(
        'Já existe uma conta com este CPF/CNPJ. Peça acesso a quem administra essa conta.',
      ),
    );
    expect(router.state.location.pathname).toBe('/login/2/conta_criar');
  });

  it('sends once while the answer is on its way', async () => {
    let answer: (response: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const { callsTo } = serve({ answers: [pending] });
    const { user, router } = await open();
    await fillPerson(user);
    await user.click(submitButton());
    await waitFor(() => expect(callsTo('/api/acesso/conta_criar')).toHaveLength(1));
    expect(submitButton()).toBeDisabled();
    await user.click(submitButton());
    await user.keyboard('{Enter}');
    expect(callsTo('/api/acesso/conta_criar')).toHaveLength(1);
    answer(envelopeResponse(NEW_ACCOUNT));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/2/conta_criar/email'));
    expect(callsTo('/api/acesso/conta_criar')).toHaveLength(1);
  });

  it('says so, with a link to the login, when the product does not allow sign-up', async () => {
    serve({ product: publicProduct({ cadastro_permitido: false }) });
    renderApp('/login/2/conta_criar');
    expect(
      await screen.findByText('Este produto não permite criar contas por aqui.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute(
      'href',
      '/login/2',
    );
    expect(screen.queryByLabelText('Nome')).not.toBeInTheDocument();
  });
});
