import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActiveSession, SignInEvent } from '#shared/schemas/security';
import {
  envelopeResponse,
  sessionResponse,
  setCsrfCookie,
  signedInSession,
  stubFetch,
} from '../../../testing/fetch-stub';
import { renderApp, resetAppState } from '../../../testing/render-app';

const CURRENT: ActiveSession = {
  id: '11111111-1111-4111-8111-111111111111',
  navegador: 'Chrome 131',
  sistema: 'Windows 10',
  ip: '203.0.113.7',
  datahora_criado: '2026-11-20T13:05:00Z',
  datahora_ultimo_acesso: '2026-11-20T14:00:00Z',
  atual: true,
};
const PHONE: ActiveSession = {
  id: '22222222-2222-4222-8222-222222222222',
  navegador: 'Safari 17',
  sistema: 'iOS 17',
  ip: '198.51.100.4',
  datahora_criado: '2026-11-19T09:30:00Z',
  datahora_ultimo_acesso: '2026-11-19T10:00:00Z',
  atual: false,
};
const UNKNOWN: ActiveSession = { ...PHONE, id: '33333333-3333-4333-8333-333333333333', navegador: null, sistema: null, ip: null };

const EVENTS: SignInEvent[] = [
  { id: 3, tipo: 'sucesso', datahora_criado: '2026-11-20T13:05:00Z', ip: '203.0.113.7', navegador: 'Chrome 131', sistema: 'Windows 10' },
  { id: 2, tipo: 'senha_incorreta', datahora_criado: '2026-11-20T13:04:00Z', ip: '198.51.100.9', navegador: null, sistema: null },
];

function serve(initial: ActiveSession[], events: SignInEvent[] = []) {
  let sessions = initial;
  const stub = stubFetch({
    'GET /api/sessao/web': () => sessionResponse(signedInSession()),
    'GET /api/gl_usuario/me/sessoes': () => envelopeResponse({ sessoes: sessions }),
    'GET /api/gl_usuario/me/acessos': () => envelopeResponse({ acessos: events }),
    [`POST /api/gl_usuario/me/sessoes/${PHONE.id}/encerrar`]: () => {
      sessions = sessions.filter((session) => session.id !== PHONE.id);
      return envelopeResponse({ encerradas: 1 }, { message: 'Sessão encerrada.' });
    },
    'POST /api/gl_usuario/me/sessoes/encerrar_outras': () => {
      sessions = sessions.filter((session) => session.atual);
      return envelopeResponse({ encerradas: 2 }, { message: '2 outras sessões foram encerradas.' });
    },
  });
  return { callsTo: (path: string) => stub.calls.filter((call) => call.path === path) };
}

beforeEach(() => setCsrfCookie('csrf'));
afterEach(() => {
  resetAppState();
  setCsrfCookie(null);
});

describe("me.seguranca: 'Sessões ativas' (decisions 070-072)", () => {
  it('lists the sessions with browser, system, address and times, the current one marked and without Encerrar', async () => {
    serve([CURRENT, PHONE, UNKNOWN]);
    renderApp('/me/seguranca');
    expect(await screen.findByRole('heading', { name: 'Sessões ativas' })).toBeInTheDocument();
    const region = await screen.findByRole('region', { name: 'Sessões ativas' });
    const rows = await within(region).findAllByRole('row');
    // header + 3 sessions
    expect(rows).toHaveLength(4);
    const current = within(rows[1]!);
    expect(current.getByText('Chrome 131 · Windows 10')).toBeInTheDocument();
    expect(current.getByText('Esta sessão')).toBeInTheDocument();
    expect(current.getByText('203.0.113.7')).toBeInTheDocument();
    expect(current.getByText('20/11/2026 10:05')).toBeInTheDocument();
    expect(current.queryByRole('button', { name: /Encerrar/ })).not.toBeInTheDocument();
    expect(within(rows[2]!).getByRole('button', { name: 'Encerrar Safari 17 · iOS 17' })).toBeInTheDocument();
    expect(
      within(rows[3]!).getByRole('button', { name: 'Encerrar Navegador desconhecido · Sistema desconhecido' }),
    ).toBeInTheDocument();
  });

  it("'Encerrar' ends that session and the list follows", async () => {
    const { callsTo } = serve([CURRENT, PHONE]);
    const { user } = renderApp('/me/seguranca');
    await user.click(await screen.findByRole('button', { name: 'Encerrar Safari 17 · iOS 17' }));
    expect(await screen.findByText('Sessão encerrada.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Encerrar Safari 17 · iOS 17' })).not.toBeInTheDocument(),
    );
    expect(callsTo(`/api/gl_usuario/me/sessoes/${PHONE.id}/encerrar`)).toHaveLength(1);
    expect(screen.getByText('Nenhuma outra sessão aberta.')).toBeInTheDocument();
  });

  it("'Encerrar todas as outras' asks first, then ends them", async () => {
    const { callsTo } = serve([CURRENT, PHONE, UNKNOWN]);
    const { user } = renderApp('/me/seguranca');
    await user.click(await screen.findByRole('button', { name: 'Encerrar todas as outras' }));
    const dialog = await screen.findByRole('dialog', { name: 'Encerrar todas as outras sessões?' });
    expect(callsTo('/api/gl_usuario/me/sessoes/encerrar_outras')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Encerrar todas as outras' }));
    expect(await screen.findByText('2 outras sessões foram encerradas.')).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Sessões ativas' });
    await waitFor(() => expect(within(region).getAllByRole('row')).toHaveLength(2));
    expect(callsTo('/api/gl_usuario/me/sessoes/encerrar_outras')).toHaveLength(1);
  });

  it("shows the sign-in history: date, event, address and browser, refusals included", async () => {
    serve([CURRENT], EVENTS);
    renderApp('/me/seguranca');
    const region = await screen.findByRole('region', { name: 'Histórico de acessos' });
    const rows = await within(region).findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DataEventoIPNavegador',
      '20/11/2026 10:05Entrada com senha203.0.113.7Chrome 131 · Windows 10',
      '20/11/2026 10:04Senha incorreta198.51.100.9Navegador desconhecido · Sistema desconhecido',
    ]);
  });

  it('says when there is no sign-in to show', async () => {
    serve([CURRENT]);
    renderApp('/me/seguranca');
    expect(await screen.findByText('Nenhum acesso registrado.')).toBeInTheDocument();
  });
});
