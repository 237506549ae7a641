import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrustedDevice, TwofaStatusResponse } from '#shared/schemas/twofa';
import { rememberLoginEvent } from '#client/lib/login-event';
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

const SECRET = 'JBSWY3DPEHPK3PXP';
const KEYS = ['K7QF-2MZP-X9RA', 'B3TD-8WLC-Q4NE', 'H6YJ-5VKS-P2GU'];

const NOTEBOOK: TrustedDevice = {
  id: 9,
  nome: 'Notebook',
  trusted_datetime: '2026-11-20T13:05:00Z',
  trusted_ip: '203.0.113.7',
  trusted_until: '2027-01-19T13:05:00Z',
};
const PHONE: TrustedDevice = {
  id: 10,
  nome: 'Celular',
  trusted_datetime: '2026-11-21T09:30:00Z',
  trusted_ip: null,
  trusted_until: '2027-01-20T09:30:00Z',
};

function status(overrides: Partial<TwofaStatusResponse> = {}): TwofaStatusResponse {
  return {
    twofa_enabled: false,
    trusted_dispositivo_list: [],
    recovery_keys_restantes: 0,
    ...overrides,
  };
}

/** A fake server holding the 2FA status, which the calls change. */
function serve(initial: TwofaStatusResponse, extra: Record<string, StubHandler> = {}) {
  const server = { status: initial };
  const stub = stubFetch({
    'GET /api/sessao/web': () => sessionResponse(signedInSession()),
    'POST /api/gl_usuario/twofaStatus': () => envelopeResponse(server.status),
    'GET /api/gl_usuario/me/chaves_acesso': () => envelopeResponse({ chaves: [] }),
    'POST /api/gl_usuario/twofaGenerateQrCode': () =>
      envelopeResponse({ qr_code_base64: 'data:image/png;base64,iVBORw0KGgo=', secret: SECRET }),
    'POST /api/gl_usuario/twofaValidateCodeRequest': ({ body }) =>
      envelopeResponse({ isValid: (body as { code: string }).code === '123456' }),
    'POST /api/gl_usuario/twofaActivateTwoFactorAuth': () => {
      server.status = status({ twofa_enabled: true, recovery_keys_restantes: KEYS.length });
      return envelopeResponse({ recovery_keys: KEYS }, { message: '2FA ativado com sucesso!' });
    },
    'POST /api/gl_usuario/twofaDisableTwoFactorAuth': ({ body }) => {
      if ((body as { code: string }).code !== 'B3TD-8WLC-Q4NE') {
        return envelopeResponse(null, {
          httpStatus: 422,
          message: 'Verifique os campos destacados.',
          errors: { code: ['Código inválido.'] },
        });
      }
      server.status = status();
      return envelopeResponse({ disabled: true }, { message: '2FA desativado com sucesso!' });
    },
    'POST /api/gl_usuario/twofaGenerateRecoveryKeys': () =>
      envelopeResponse({ recovery_keys: ['NOVA-CHAVE-0001', 'NOVA-CHAVE-0002'] }),
    'POST /api/gl_usuario/9/twofaUntrustInDevice': () => {
      server.status = {
        ...server.status,
        trusted_dispositivo_list: server.status.trusted_dispositivo_list.filter(
          (device) => device.id !== 9,
        ),
      };
      return envelopeResponse(server.status);
    },
    ...extra,
  });
  const callsTo = (path: string) => stub.calls.filter((call) => call.path === path);
  return { server, callsTo };
}

/** jsdom's Blob has no text(); FileReader it has. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(new Error('leitura do Blob falhou'));
    reader.readAsText(blob);
  });
}

let navigate: ReturnType<typeof vi.fn<(url: string) => void>>;

beforeEach(() => {
  setCsrfCookie('csrf');
  sessionStorage.clear();
  navigate = vi.fn<(url: string) => void>();
  vi.spyOn(pageNavigation, 'load').mockImplementation(navigate);
});

afterEach(() => {
  resetAppState();
  setCsrfCookie(null);
});

describe('me.twofa: activation (§4, §5)', () => {
  it('QR code and key, code validated, 2FA on, recovery keys shown once', async () => {
    const { callsTo } = serve(status());
    const { user } = renderApp('/me/twofa');
    expect(await screen.findByText('A verificação em duas etapas está desativada.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Ativar 2FA' }));

    expect(
      await screen.findByRole('img', { name: 'QR Code para configurar o aplicativo autenticador' }),
    ).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByText(SECRET)).toBeInTheDocument();
    const code = screen.getByLabelText('Código de verificação');
    const confirm = screen.getByRole('button', { name: 'Validar e ativar' });

    // §5: empty, then not a 6-digit code: refused here, nothing sent.
    await user.click(confirm);
    expect(await screen.findByText('Por favor, insira o código de verificação.')).toBeVisible();
    await user.type(code, '12a45');
    await user.click(confirm);
    expect(await screen.findByText('Código inválido.')).toBeVisible();
    expect(callsTo('/api/gl_usuario/twofaValidateCodeRequest')).toHaveLength(0);

    // A well-formed code the server does not accept.
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(confirm);
    await waitFor(() =>
      expect(callsTo('/api/gl_usuario/twofaValidateCodeRequest')).toHaveLength(1),
    );
    expect(await screen.findByText('Código inválido.')).toBeVisible();
    expect(code).toHaveFocus();
    expect(callsTo('/api/gl_usuario/twofaActivateTwoFactorAuth')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(confirm);
    expect(await screen.findByText('2FA ativado com sucesso!')).toBeInTheDocument();
    expect(callsTo('/api/gl_usuario/twofaValidateCodeRequest')[1]?.body).toEqual({
      secret: SECRET,
      code: '123456',
    });
    expect(callsTo('/api/gl_usuario/twofaActivateTwoFactorAuth')[0]?.body).toEqual({
      secret: SECRET,
    });

    const keysHeading = await screen.findByRole('heading', {
      name: 'Suas chaves de recuperação',
    });
    expect(keysHeading).toHaveFocus();
    expect(screen.getByText(/Elas não serão mostradas novamente/)).toBeVisible();
    const list = screen.getByRole('list', { name: 'Suas chaves de recuperação' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(KEYS);
    expect(await screen.findByText('A verificação em duas etapas está ativada.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Já guardei minhas chaves' }));
    expect(screen.queryByText(KEYS[0]!)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copiar' })).not.toBeInTheDocument();
  });

  it("'Copiar' puts the keys on the clipboard; 'Baixar' saves them as a text file", async () => {
    serve(status());
    const { user } = renderApp('/me/twofa?askOnMount=1');
    // askOnMount=1: the activation starts by itself.
    await user.type(await screen.findByLabelText('Código de verificação'), '123456');
    await user.click(screen.getByRole('button', { name: 'Validar e ativar' }));
    await screen.findByRole('heading', { name: 'Suas chaves de recuperação' });

    await user.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await navigator.clipboard.readText()).toBe(KEYS.join('\n'));
    expect(await screen.findByText('Chaves copiadas.')).toBeInTheDocument();

    const blobs: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:chaves';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
    const downloads: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push({ href: this.href, download: this.download });
    });
    await user.click(screen.getByRole('button', { name: 'Baixar' }));
    expect(downloads).toEqual([{ href: 'blob:chaves', download: 'chaves-de-recuperacao-2fa.txt' }]);
    const text = await readBlob(blobs[0]!);
    for (const key of KEYS) expect(text).toContain(key);
  });
});

describe('me.twofa with 2FA on', () => {
  it('turns it off with a recovery key', async () => {
    const { callsTo } = serve(status({ twofa_enabled: true, recovery_keys_restantes: 3 }));
    const { user } = renderApp('/me/twofa');
    expect(await screen.findByText('Restam 3 chaves de recuperação não usadas.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Desativar 2FA' }));

    const code = screen.getByLabelText('Código do aplicativo ou chave de recuperação');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('maxLength', '16');
    await user.type(code, 'AAAA-BBBB-CCCC');
    await user.click(screen.getByRole('button', { name: 'Confirmar desativação' }));
    expect(await screen.findByText('Código inválido.')).toBeVisible();

    await user.clear(code);
    await user.type(code, 'B3TD-8WLC-Q4NE');
    await user.click(screen.getByRole('button', { name: 'Confirmar desativação' }));
    expect(await screen.findByText('2FA desativado com sucesso!')).toBeInTheDocument();
    expect(await screen.findByText('A verificação em duas etapas está desativada.')).toBeVisible();
    expect(callsTo('/api/gl_usuario/twofaDisableTwoFactorAuth')[1]?.body).toEqual({
      code: 'B3TD-8WLC-Q4NE',
    });
  });

  it('renews the recovery keys after a warning, and shows the new ones once', async () => {
    const { callsTo } = serve(status({ twofa_enabled: true, recovery_keys_restantes: 1 }));
    const { user } = renderApp('/me/twofa');
    await user.click(await screen.findByRole('button', { name: 'Gerar chaves de recuperação' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Gerar novas chaves de recuperação?',
    });
    expect(dialog).toHaveTextContent('As chaves de recuperação atuais deixarão de funcionar.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('/api/gl_usuario/twofaGenerateRecoveryKeys')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Gerar chaves de recuperação' }));
    await user.click(await screen.findByRole('button', { name: 'Gerar novas chaves' }));
    expect(await screen.findByText('NOVA-CHAVE-0001')).toBeInTheDocument();
    expect(screen.getByText('NOVA-CHAVE-0002')).toBeInTheDocument();
    expect(callsTo('/api/gl_usuario/twofaGenerateRecoveryKeys')).toHaveLength(1);
  });

  it('askOnMount=1 with 2FA already on offers the usual actions', async () => {
    serve(status({ twofa_enabled: true }));
    renderApp('/me/twofa?origin=login&pid=2&askOnMount=1');
    expect(await screen.findByRole('button', { name: 'Desativar 2FA' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Código de verificação')).not.toBeInTheDocument();
  });

  it('lists the trusted devices and removes one', async () => {
    const { callsTo } = serve(
      status({ twofa_enabled: true, trusted_dispositivo_list: [NOTEBOOK, PHONE] }),
    );
    const { user } = renderApp('/me/twofa');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    // São Paulo time (§9 dd/mm/yyyy HH:mm); a missing IP shows '-'.
    expect(rows[1]).toHaveTextContent('Notebook20/11/2026 10:05203.0.113.719/01/2027 10:05');
    expect(rows[2]).toHaveTextContent('Celular21/11/2026 06:30-20/01/2027 06:30');

    await user.click(screen.getByRole('button', { name: 'Remover Notebook' }));
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'Notebook' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('cell', { name: 'Celular' })).toBeInTheDocument();
    expect(callsTo('/api/gl_usuario/9/twofaUntrustInDevice')).toHaveLength(1);
  });
});

describe('me.twofa: the way back (§2)', () => {
  it('goes back to the dashboard by default', async () => {
    serve(status());
    renderApp('/me/twofa');
    expect(await screen.findByRole('link', { name: 'Voltar ao painel' })).toHaveAttribute(
      'href',
      '/painel',
    );
    expect(
      screen.queryByRole('button', { name: 'Prosseguir com o Login' }),
    ).not.toBeInTheDocument();
  });

  it('during a login, resumes it with the remembered event', async () => {
    rememberLoginEvent({ evento_id: 41, evento_token: 'evento-token-41', pid: 2 });
    const info = loginInfo();
    const { callsTo } = serve(status({ twofa_enabled: true }), {
      'POST /api/acesso/evento_getInfo': () => envelopeResponse(info),
    });
    const { user, router } = renderApp('/me/twofa?origin=login&pid=2');
    expect(await screen.findByRole('link', { name: 'Voltar às configurações' })).toHaveAttribute(
      'href',
      '/me/config?origin=login&pid=2',
    );
    await user.click(screen.getByRole('button', { name: 'Prosseguir com o Login' }));
    expect(await screen.findByRole('heading', { name: 'Login realizado' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/a/redirect');
    expect(callsTo('/api/acesso/evento_getInfo')[0]?.body).toEqual({
      evento_id: 41,
      evento_token: 'evento-token-41',
    });
  });
});

describe('me.twofa: the step-up before a sensitive change (decision 011)', () => {
  const STEP_UP = () =>
    envelopeResponse(null, {
      httpStatus: 403,
      message: 'Por segurança, confirme sua identidade para continuar.',
      code: 'reauth_required',
    });

  /** The server refuses the first call until a proof was accepted, as the real one does. */
  function serveWithStepUp(initial: TwofaStatusResponse, proof: { code?: string; senha?: string }) {
    let proven = false;
    const guarded =
      (answer: StubHandler): StubHandler =>
      (request) =>
        proven ? answer(request) : STEP_UP();
    return serve(initial, {
      'POST /api/gl_usuario/me/reautenticar': ({ body }) => {
        const sent = body as { code?: string; senha?: string };
        if ((proof.code && sent.code === proof.code) || (proof.senha && sent.senha === proof.senha)) {
          proven = true;
          return envelopeResponse({ reautenticado_ate: '2026-11-23T12:10:00Z' });
        }
        const field = proof.code ? 'code' : 'senha';
        return envelopeResponse(null, {
          httpStatus: 422,
          message: 'Verifique os campos destacados.',
          errors: { [field]: [proof.code ? 'Código inválido.' : 'Senha inválida.'] },
        });
      },
      'POST /api/gl_usuario/twofaGenerateRecoveryKeys': guarded(() =>
        envelopeResponse({ recovery_keys: ['NOVA-CHAVE-0001', 'NOVA-CHAVE-0002'] }),
      ),
      'POST /api/gl_usuario/twofaGenerateQrCode': guarded(() =>
        envelopeResponse({ qr_code_base64: 'data:image/png;base64,iVBORw0KGgo=', secret: SECRET }),
      ),
    });
  }

  it('asks the code in a dialog, then renews the keys without a second click', async () => {
    const { callsTo } = serveWithStepUp(status({ twofa_enabled: true, recovery_keys_restantes: 3 }), {
      code: '654321',
    });
    const { user } = renderApp('/me/twofa');
    await user.click(await screen.findByRole('button', { name: 'Gerar chaves de recuperação' }));
    await user.click(await screen.findByRole('button', { name: 'Gerar novas chaves' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirme sua identidade' });
    const code = await within(dialog).findByLabelText('Código do aplicativo ou chave de recuperação');
    await waitFor(() => expect(code).toHaveFocus());
    await user.type(code, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('Código inválido.'));

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('NOVA-CHAVE-0001')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('/api/gl_usuario/twofaGenerateRecoveryKeys')).toHaveLength(2);
    expect(callsTo('/api/gl_usuario/me/reautenticar').map((call) => call.body)).toEqual([
      { code: '111111' },
      { code: '654321' },
    ]);
  });

  it('asks the password where 2FA is off; cancelling it leaves the activation', async () => {
    const { callsTo } = serveWithStepUp(status(), { senha: 'demo1234' });
    const { user } = renderApp('/me/twofa');
    await user.click(await screen.findByRole('button', { name: 'Ativar 2FA' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirme sua identidade' });
    await within(dialog).findByLabelText('Senha');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Ativar 2FA' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ativar 2FA' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirme sua identidade' });
    await user.type(await within(dialog).findByLabelText('Senha'), 'demo1234');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(
      await screen.findByRole('img', { name: 'QR Code para configurar o aplicativo autenticador' }),
    ).toBeVisible();
    expect(callsTo('/api/gl_usuario/me/reautenticar').map((call) => call.body)).toEqual([
      { senha: 'demo1234' },
    ]);
  });
});

describe("me.twofa: 'Chaves de acesso' (decisions 070-072)", () => {
  it('lists the passkeys with their dates and renames one', async () => {
    let chaves = [
      { id: 5, nome: 'Notebook', datahora_criado: '2026-11-20T13:05:00Z', datahora_ultimo_uso: null, sincronizada: true },
    ];
    const { callsTo } = serve(status(), {
      'GET /api/gl_usuario/me/chaves_acesso': () => envelopeResponse({ chaves }),
      'PUT /api/gl_usuario/me/chaves_acesso/5': ({ body }) => {
        chaves = chaves.map((chave) => ({ ...chave, nome: (body as { nome: string }).nome }));
        return envelopeResponse({ chaves }, { message: 'Chave de acesso renomeada.' });
      },
    });
    const { user } = renderApp('/me/twofa');
    const region = await screen.findByRole('region', { name: 'Chaves de acesso' });
    const row = (await within(region).findAllByRole('row'))[1]!;
    expect(row).toHaveTextContent('Notebook');
    expect(row).toHaveTextContent('Sincronizada');
    expect(row).toHaveTextContent('20/11/2026 10:05');
    expect(row).toHaveTextContent('Nunca usada');
    // jsdom has no WebAuthn: the screen says a passkey cannot be added here.
    expect(within(region).getByText('Este navegador não permite usar chaves de acesso.')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Renomear Notebook' }));
    const form = within(region).getByRole('form', { name: 'Renomear' });
    const field = within(form).getByLabelText('Nome da chave');
    await user.clear(field);
    await user.type(field, 'Notebook pessoal');
    await user.click(within(form).getByRole('button', { name: 'Salvar nome' }));
    expect(await screen.findByText('Chave de acesso renomeada.')).toBeInTheDocument();
    expect(await within(region).findByRole('button', { name: 'Renomear Notebook pessoal' })).toBeInTheDocument();
    expect(callsTo('/api/gl_usuario/me/chaves_acesso/5')[0]?.body).toEqual({ nome: 'Notebook pessoal' });
  });
});
