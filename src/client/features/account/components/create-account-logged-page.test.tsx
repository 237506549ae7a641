import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readLoginEvent } from '#client/lib/login-event';
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
import { CREATE_ACCOUNT_LOGGED_TEXTS } from '../texts';

const TERMS_LABEL = /^Li e aceito os Termos de Uso e a Política de Privacidade/;

/** The login info of the new client: chosen, no contract on the product yet. */
const NEW_CLIENT_INFO = loginInfo({
  evento: { id: 88, token: 'evento-token-88' },
  cliente: {
    id: 9,
    razao_social: 'Nova Padaria Ltda',
    nome_fantasia: null,
    cpfcnpj: '11222333000181',
  },
  contrato_ultimo: null,
});

const PRODUCT = {
  id: 2,
  nome: 'Sistema Parceiro',
  url: '/painel',
  logo_url: null,
  cadastro_permitido: false,
  cadastro_usuario_inativo: false,
};

function serve(create: StubHandler = () => envelopeResponse(NEW_CLIENT_INFO), product = PRODUCT) {
  const stub = stubFetch({
    'GET /api/sessao/web': () => sessionResponse(signedInSession({ cliente: null })),
    'GET /api/gl_produto/2/edit': () => envelopeResponse(product),
    'POST /api/acesso/conta_criar_logado': create,
  });
  return { callsTo: (path: string) => stub.calls.filter((call) => call.path === path) };
}

async function open() {
  const view = renderApp('/login/2/conta_criar/logado');
  expect(await screen.findByRole('heading', { level: 1, name: 'Criar uma conta' })).toBeVisible();
  await screen.findByLabelText('Nome');
  return view;
}

const submitButton = () => screen.getByRole('button', { name: 'Criar conta e continuar' });

beforeEach(() => {
  setCsrfCookie('csrf');
  sessionStorage.clear();
  vi.spyOn(pageNavigation, 'load').mockImplementation(() => undefined);
});

afterEach(() => {
  resetAppState();
  setCsrfCookie(null);
});

describe('conta_criar_logado (§2 Create account, logged in)', () => {
  it('has Nome, CPF ou CNPJ, the consent and Voltar to the account selection', async () => {
    serve();
    const { user } = await open();
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Seu celular')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: TERMS_LABEL })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute(
      'href',
      '/login/2/conta_selecionar',
    );

    const document = screen.getByLabelText('CPF ou CNPJ');
    await user.type(document, '52998224725');
    expect(screen.queryByLabelText('Nome da empresa')).not.toBeInTheDocument();
    await user.clear(document);
    await user.type(document, '11222333000181');
    expect(screen.getByLabelText('Nome da empresa')).toBeInTheDocument();
  });

  it('says at once that a product with inactive-user registration takes no new accounts here', async () => {
    const { callsTo } = serve(undefined, { ...PRODUCT, cadastro_usuario_inativo: true });
    renderApp('/login/2/conta_criar/logado');
    expect(
      await screen.findByText('Este produto não permite criar contas por aqui.'),
    ).toBeVisible();
    expect(screen.queryByLabelText('Nome')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Criar conta e continuar' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute(
      'href',
      '/login/2/conta_selecionar',
    );
    expect(callsTo('/api/acesso/conta_criar_logado')).toEqual([]);
  });

  it('checks the fields and the terms before any call', async () => {
    const { callsTo } = serve();
    const { user } = await open();
    await user.click(submitButton());
    await waitFor(() =>
      expect(screen.getByLabelText('Nome')).toHaveAccessibleDescription('Campo obrigatório.'),
    );
    expect(screen.getByLabelText('CPF ou CNPJ')).toHaveAccessibleDescription('Campo obrigatório.');
    expect(screen.getByRole('checkbox', { name: TERMS_LABEL })).toHaveAccessibleDescription(
      'Aceite os termos de uso e a política de privacidade para continuar.',
    );
    expect(callsTo('/api/acesso/conta_criar_logado')).toHaveLength(0);
  });

  it('sends what §7 names, then routes on with the new client (the welcome)', async () => {
    const { callsTo } = serve();
    const { user, router } = await open();
    await user.type(screen.getByLabelText('Nome'), 'Maria Souza');
    await user.type(screen.getByLabelText('CPF ou CNPJ'), '11222333000181');
    await user.type(screen.getByLabelText('Nome da empresa'), 'Nova Padaria Ltda');
    await user.click(screen.getByRole('checkbox', { name: TERMS_LABEL }));
    await user.click(submitButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/login/2/direcionar_produto'));
    expect(callsTo('/api/acesso/conta_criar_logado').map((call) => call.body)).toEqual([
      {
        nome: 'Maria Souza',
        cpfcnpj: '11222333000181',
        empresa_nome: 'Nova Padaria Ltda',
        gl_produto_id: 2,
        termos: true,
      },
    ]);
    expect(readLoginEvent()).toEqual({ evento_id: 88, evento_token: 'evento-token-88', pid: 2 });
  });

  it('a CPF sends no company name', async () => {
    const { callsTo } = serve();
    const { user } = await open();
    await user.type(screen.getByLabelText('Nome'), 'Maria Souza');
    await user.type(screen.getByLabelText('CPF ou CNPJ'), '529.982.247-25');
    await user.click(screen.getByRole('checkbox', { name: TERMS_LABEL }));
    await user.click(submitButton());
    await waitFor(() => expect(callsTo('/api/acesso/conta_criar_logado')).toHaveLength(1));
    expect(callsTo('/api/acesso/conta_criar_logado')[0]?.body).toMatchObject({
      cpfcnpj: '52998224725',
      empresa_nome: null,
    });
  });

  it('ignores the submit while one is on its way', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { callsTo } = serve(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const { user, router } = await open();
    await user.type(screen.getByLabelText('Nome'), 'Maria Souza');
    await user.type(screen.getByLabelText('CPF ou CNPJ'), '52998224725');
    await user.click(screen.getByRole('checkbox', { name: TERMS_LABEL }));
    await user.click(submitButton());
    await waitFor(() => expect(callsTo('/api/acesso/conta_criar_logado')).toHaveLength(1));
    await waitFor(() => expect(submitButton()).toBeDisabled());
    await user.click(submitButton());
    expect(callsTo('/api/acesso/conta_criar_logado')).toHaveLength(1);
    answer(envelopeResponse(NEW_CLIENT_INFO));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/2/direcionar_produto'));
    expect(callsTo('/api/acesso/conta_criar_logado')).toHaveLength(1);
  });

  it('shows a taken document next to the field', async () => {
    serve(() =>
      envelopeResponse(null, {
        httpStatus: 422,
        message: 'Verifique os campos destacados.',
        errors: {
          cpfcnpj: [
            'Já existe uma conta com este CPF/CNPJ. Peça acesso a quem administra essa conta.',
          ],
        },
      }),
    );
    const { user, router } = await open();
    await user.type(screen.getByLabelText('Nome'), 'Maria Souza');
    await user.type(screen.getByLabelText('CPF ou CNPJ'), '52998224725');
    await user.click(screen.getByRole('checkbox', { name: TERMS_LABEL }));
    await user.click(submitButton());
    await waitFor(() =>
      expect(screen.getByLabelText('CPF ou CNPJ')).toHaveAccessibleDescription(
        'Já existe uma conta com este CPF/CNPJ. Peça acesso a quem administra essa conta.',
      ),
    );
    expect(router.state.location.pathname).toBe('/login/2/conta_criar/logado');
    // The form can be sent again.
    expect(submitButton()).toBeEnabled();
    expect(screen.getByText(CREATE_ACCOUNT_LOGGED_TEXTS.intro)).toBeVisible();
  });
});
