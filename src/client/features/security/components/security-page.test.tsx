import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectedApplication } from '#shared/schemas/applications';
import type { ActiveSession, SecurityEvent, SignInEvent } from '#shared/schemas/security';
import {
  envelopeResponse,
  sessionResponse,
  setCsrfCookie,
  signedInSession,
  stubFetch,
} from '#client/testing/fetch-stub';
import { renderApp, resetAppState } from '#client/testing/render-app';

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

const AGENDA: ConnectedApplication = {
  id: 7,
  aplicativo: 'Agenda Parceira',
  escopos: ['openid', 'email', 'offline_access'],
  datahora_criado: '2026-11-18T12:00:00Z',
  datahora_ultimo_uso: '2026-11-20T12:30:00Z',
};

const CHANGES: SecurityEvent[] = [
  { id: 9, datahora: '2026-11-20T13:00:00Z', acao: 'chaves_acesso_removidas_na_recuperacao', pela_equipe: false, nomes: ['Notebook antigo'], ip: '203.0.113.7' },
  { id: 8, datahora: '2026-11-20T12:59:00Z', acao: 'sessoes_encerradas', pela_equipe: true, nomes: [], ip: null },
  { id: 5, datahora: '2026-11-18T12:00:00Z', acao: 'aplicativo_autorizado', pela_equipe: false, nomes: ['Agenda Parceira'], ip: '203.0.113.7' },
];

function serve(
  initial: ActiveSession[],
  events: SignInEvent[] = [],
  extra: { applications?: ConnectedApplication[]; changes?: SecurityEvent[] } = {},
) {
  let sessions = initial;
  let applications = extra.applications ?? [];
  const stub = stubFetch({
    'GET /api/sessao/web': () => sessionResponse(signedInSession()),
    'GET /api/gl_usuario/me/aplicativos': () => envelopeResponse({ aplicativos: applications }),
    'GET /api/gl_usuario/me/eventos_seguranca': () => envelopeResponse({ eventos: extra.changes ?? [] }),
    [`POST /api/gl_usuario/me/aplicativos/${AGENDA.id}/revogar`]: () => {
      applications = applications.filter((application) => application.id !== AGENDA.id);
      return envelopeResponse(
        { aplicativos: applications },
        { message: `O acesso de ${AGENDA.aplicativo} foi revogado.` },
      );
    },
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

describe("me.seguranca: 'Aplicativos conectados' and 'Alterações de segurança' (issue 34)", () => {
  it('lists each application with what it may see and its first and last use', async () => {
    serve([CURRENT], [], { applications: [AGENDA] });
    renderApp('/me/seguranca');
    const region = await screen.findByRole('region', { name: 'Aplicativos conectados' });
    const rows = await within(region).findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'AplicativoPode verPrimeiro acessoÚltimo usoAções',
      'Agenda ParceiraIdentificação, E-mail, Acesso contínuo18/11/2026 09:0020/11/2026 09:30Revogar acesso Agenda Parceira',
    ]);
  });

  it("'Revogar acesso' asks first, then revokes and the list follows", async () => {
    const { callsTo } = serve([CURRENT], [], { applications: [AGENDA] });
    const { user } = renderApp('/me/seguranca');
    await user.click(await screen.findByRole('button', { name: 'Revogar acesso Agenda Parceira' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revogar o acesso de Agenda Parceira?' });
    expect(within(dialog).getByText(/perde na hora o acesso/)).toBeInTheDocument();
    expect(callsTo(`/api/gl_usuario/me/aplicativos/${AGENDA.id}/revogar`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revogar acesso' }));
    expect(await screen.findByText('O acesso de Agenda Parceira foi revogado.')).toBeInTheDocument();
    expect(await screen.findByText('Nenhum aplicativo conectado.')).toBeInTheDocument();
    expect(callsTo(`/api/gl_usuario/me/aplicativos/${AGENDA.id}/revogar`)).toHaveLength(1);
  });

  it('says when no application is connected and no change was made', async () => {
    serve([CURRENT]);
    renderApp('/me/seguranca');
    expect(await screen.findByText('Nenhum aplicativo conectado.')).toBeInTheDocument();
    expect(await screen.findByText('Nenhuma alteração registrada.')).toBeInTheDocument();
  });

  it('lists the changes to the account’s protection, naming what a new password removed and what staff did', async () => {
    serve([CURRENT], [], { changes: CHANGES });
    renderApp('/me/seguranca');
    const region = await screen.findByRole('region', { name: 'Alterações de segurança' });
    const rows = await within(region).findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DataAlteraçãoIP',
      '20/11/2026 10:00Chaves de acesso removidas com a troca de senha: Notebook antigo203.0.113.7',
      '20/11/2026 09:59Todas as sessões encerradas (pela equipe do provedor)-',
      '18/11/2026 09:00Aplicativo autorizado: Agenda Parceira203.0.113.7',
    ]);
  });
});
