import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PEOPLE_MESSAGES, type PeopleDto } from '#shared/schemas/people';
import { getNotices } from '#client/lib/notices';
import {
  envelopeResponse,
  sessionResponse,
  setCsrfCookie,
  signedInSession,
  stubFetch,
} from '#client/testing/fetch-stub';
import { renderApp, resetAppState } from '#client/testing/render-app';

/** Maria (the caller, manager) with a supervisor who never signed in and a user; two invitations. */
const PEOPLE: PeopleDto = {
  pessoas: [
    {
      id: 30,
      gl_usuario_id: 7,
      nome: 'Maria Souza',
      email: 'maria@exemplo.com.br',
      nivel: 10,
      ultimo_acesso: '2026-11-20T13:05:00Z',
      eu: true,
    },
    {
      id: 31,
      gl_usuario_id: 8,
      nome: 'João Lima',
      email: 'joao@exemplo.com.br',
      nivel: 13,
      ultimo_acesso: null,
      eu: false,
    },
    {
      id: 32,
      gl_usuario_id: 9,
      nome: 'Ana Reis',
      email: 'ana@exemplo.com.br',
      nivel: 20,
      ultimo_acesso: '2026-11-21T10:00:00Z',
      eu: false,
    },
  ],
  convites: [
    {
      id: 5,
      email: 'carla@exemplo.com.br',
      nivel: 20,
      convidado_por: 'Maria Souza',
      datahora_criado: '2026-11-21T18:00:00Z',
      expira_em: '2026-11-28T18:00:00Z',
      expirado: false,
    },
    {
      id: 6,
      email: 'bruno@exemplo.com.br',
      nivel: 13,
      convidado_por: null,
      datahora_criado: '2026-11-01T18:00:00Z',
      expira_em: '2026-11-08T18:00:00Z',
      expirado: true,
    },
  ],
  meu_nivel: 10,
  pode_convidar: true,
  pode_gerenciar: true,
  limite_usuarios: 5,
};

/** A supervisor's view: invites (up to supervisor), changes and removes nobody. */
const AS_SUPERVISOR: PeopleDto = {
  ...PEOPLE,
  pessoas: PEOPLE.pessoas.map((person) => ({ ...person, eu: person.id === 31 })),
  meu_nivel: 13,
  pode_gerenciar: false,
  limite_usuarios: null,
};

beforeEach(() => setCsrfCookie('csrf'));
afterEach(() => {
  resetAppState();
  setCsrfCookie(null);
});

const notices = () => getNotices().map((notice) => [notice.level, notice.text]);

async function peopleTable() {
  const region = await screen.findByRole('region', { name: 'Pessoas' });
  return within(region);
}

/** The row whose cell reads `text` (an e-mail: the action buttons repeat it for screen readers). */
const rowOf = (text: string) =>
  screen.getByRole('cell', { name: text }).closest('tr') as HTMLElement;

describe("'Pessoas da conta' (issue 41 item 3)", () => {
  it('lists the people with their level and last access, the limit of the plan and the pending invitations', async () => {
    stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession()),
      'GET /api/gl_cliente/3/pessoas': () => envelopeResponse(PEOPLE),
    });
    renderApp('/conta/pessoas');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pessoas da conta' }),
    ).toBeInTheDocument();
    const table = await peopleTable();
    expect(table.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Nome',
      'E-mail',
      'Nível',
      'Último acesso',
      'Ações',
    ]);
    const maria = within(rowOf('maria@exemplo.com.br'));
    expect(maria.getByText('(você)')).toBeInTheDocument();
    expect(maria.getByText('Gerente')).toBeInTheDocument();
    expect(maria.getByText('20/11/2026 10:05')).toBeInTheDocument();
    expect(maria.getByRole('button', { name: 'Sair da conta' })).toBeInTheDocument();
    const joao = within(rowOf('joao@exemplo.com.br'));
    expect(joao.getByText('Supervisor')).toBeInTheDocument();
    expect(joao.getByText('Nunca')).toBeInTheDocument();
    expect(joao.queryByText('(você)')).not.toBeInTheDocument();
    expect(joao.getByRole('button', { name: 'Remover João Lima' })).toBeInTheDocument();
    expect(within(rowOf('ana@exemplo.com.br')).getByText('Usuário')).toBeInTheDocument();

    // 3 people and 1 invitation still open; the expired one does not count.
    expect(
      screen.getByText(
        'Seu plano permite até 5 usuários; em uso: 4 (pessoas e convites pendentes).',
      ),
    ).toBeInTheDocument();

    const invitations = within(screen.getByRole('region', { name: 'Convites pendentes' }));
    const carla = within(
      invitations.getByRole('cell', { name: 'carla@exemplo.com.br' }).closest('tr') as HTMLElement,
    );
    expect(carla.getByText('Usuário')).toBeInTheDocument();
    expect(carla.getByText('Maria Souza')).toBeInTheDocument();
    expect(carla.getByText('28/11/2026 15:00')).toBeInTheDocument();
    expect(
      carla.getByRole('button', { name: 'Cancelar convite carla@exemplo.com.br' }),
    ).toBeInTheDocument();
    const bruno = within(
      invitations.getByRole('cell', { name: 'bruno@exemplo.com.br' }).closest('tr') as HTMLElement,
    );
    expect(bruno.getByText('Expirado')).toBeInTheDocument();
    expect(bruno.getByText('Supervisor')).toBeInTheDocument();
  });

  it('invites with the e-mail and the level, says so and shows the new invitation', async () => {
    const invited: PeopleDto = {
      ...PEOPLE,
      convites: [
        ...PEOPLE.convites,
        {
          id: 7,
          email: 'paulo@exemplo.com.br',
          nivel: 13,
          convidado_por: 'Maria Souza',
          datahora_criado: '2026-11-22T18:00:00Z',
          expira_em: '2026-11-29T18:00:00Z',
          expirado: false,
        },
      ],
    };
    const { calls } = stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession()),
      'GET /api/gl_cliente/3/pessoas': () => envelopeResponse(PEOPLE),
      'POST /api/gl_cliente/3/convites': () =>
        envelopeResponse(invited, { message: 'Convite enviado para paulo@exemplo.com.br.' }),
    });
    const { user } = renderApp('/conta/pessoas');
    const form = within(await screen.findByRole('form', { name: 'Convidar pessoa' }));
    expect(form.getByLabelText('Nível')).toHaveDisplayValue('Usuário');
    await user.type(form.getByLabelText('E-mail'), ' Paulo@Exemplo.com.br ');
    await user.selectOptions(form.getByLabelText('Nível'), 'Supervisor');
    await user.click(form.getByRole('button', { name: 'Enviar convite' }));

    await waitFor(() =>
      expect(notices()).toEqual([['success', 'Convite enviado para paulo@exemplo.com.br.']]),
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { email: 'paulo@exemplo.com.br', nivel: 13 },
    ]);
    expect(await screen.findByRole('cell', { name: 'paulo@exemplo.com.br' })).toBeInTheDocument();
    expect(form.getByLabelText('E-mail')).toHaveValue('');
    expect(form.getByLabelText('Nível')).toHaveDisplayValue('Usuário');
    expect(
      screen.getByText(
        'Seu plano permite até 5 usuários; em uso: 5 (pessoas e convites pendentes).',
      ),
    ).toBeInTheDocument();
  });

  it('a supervisor invites up to their own level and changes or removes nobody', async () => {
    stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession({ clienteUsuario_nivel: 13 })),
      'GET /api/gl_cliente/3/pessoas': () => envelopeResponse(AS_SUPERVISOR),
    });
    renderApp('/conta/pessoas');
    const form = within(await screen.findByRole('form', { name: 'Convidar pessoa' }));
    const options = within(form.getByLabelText('Nível')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Supervisor', 'Usuário']);
    expect(form.getByLabelText('Nível')).toHaveDisplayValue('Usuário');
    const table = await peopleTable();
    expect(
      table.queryByRole('button', { name: /Remover|Sair da conta|Alterar nível/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByText(/Seu plano permite/)).not.toBeInTheDocument();
  });

  it('puts the server’s refusal of the e-mail under the field', async () => {
    stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession()),
      'GET /api/gl_cliente/3/pessoas': () => envelopeResponse(PEOPLE),
      'POST /api/gl_cliente/3/convites': () =>
        envelopeResponse(null, {
          httpStatus: 422,
          message: 'Verifique os campos destacados.',
          errors: { email: [PEOPLE_MESSAGES.alreadyMember] },
        }),
    });
    const { user } = renderApp('/conta/pessoas');
    const form = within(await screen.findByRole('form', { name: 'Convidar pessoa' }));
    await user.type(form.getByLabelText('E-mail'), 'joao@exemplo.com.br');
    await user.click(form.getByRole('button', { name: 'Enviar convite' }));
    expect(await form.findByText(PEOPLE_MESSAGES.alreadyMember)).toBeInTheDocument();
    expect(form.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('E-mail')).toHaveValue('joao@exemplo.com.br');
    expect(notices()).toEqual([]);
  });

  it('removes a person only after the confirmation', async () => {
    const { calls } = stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession()),
      'GET /api/gl_cliente/3/pessoas': () => envelopeResponse(PEOPLE),
      'DELETE /api/gl_cliente/3/pessoas/31': () =>
        envelopeResponse(
          { ...PEOPLE, pessoas: PEOPLE.pessoas.filter((person) => person.id !== 31) },
          { message: PEOPLE_MESSAGES.removed('João Lima') },
        ),
    });
    const { user } = renderApp('/conta/pessoas');
    const table = await peopleTable();
    await user.click(table.getByRole('button', { name: 'Remover João Lima' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remover pessoa?' }));
    expect(dialog.getByText(/João Lima deixará de ter acesso a esta conta/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(table.getByRole('button', { name: 'Remover João Lima' }));
    const again = within(await screen.findByRole('dialog', { name: 'Remover pessoa?' }));
    await user.click(again.getByRole('button', { name: 'Remover' }));
    await waitFor(() =>
      expect(notices()).toEqual([['success', 'João Lima não faz mais parte da conta.']]),
    );
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/gl_cliente/3/pessoas/31',
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'joao@exemplo.com.br' })).not.toBeInTheDocument(),
    );
  });

  it("'Alterar nível' sends the chosen level", async () => {
    const { calls } = stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession()),
      'GET /api/gl_cliente/3/pessoas': () => envelopeResponse(PEOPLE),
      'PUT /api/gl_cliente/3/pessoas/32': () =>
        envelopeResponse(
          {
            ...PEOPLE,
            pessoas: PEOPLE.pessoas.map((person) =>
              person.id === 32 ? { ...person, nivel: 13 } : person,
            ),
          },
          { message: PEOPLE_MESSAGES.levelChanged('Ana Reis', 13) },
        ),
    });
    const { user } = renderApp('/conta/pessoas');
    const table = await peopleTable();
    await user.click(table.getByRole('button', { name: 'Alterar nível Ana Reis' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Alterar nível' }));
    expect(dialog.getByLabelText('Nível de Ana Reis')).toHaveDisplayValue('Usuário');
    await user.selectOptions(dialog.getByLabelText('Nível de Ana Reis'), 'Supervisor');
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(notices()).toEqual([['success', 'Ana Reis agora é Supervisor.']]));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { nivel: 13 },
    ]);
    await waitFor(() =>
      expect(within(rowOf('ana@exemplo.com.br')).getByText('Supervisor')).toBeInTheDocument(),
    );
  });

  it("'Sair da conta' leaves the account and goes to the account selection", async () => {
    let left = false;
    const { calls } = stubFetch({
      'GET /api/sessao/web': () =>
        sessionResponse(
          left ? signedInSession({ cliente: null, clienteUsuario_nivel: null }) : signedInSession(),
        ),
      'GET /api/gl_cliente/3/pessoas': () => envelopeResponse(PEOPLE),
      'DELETE /api/gl_cliente/3/pessoas/30': () => {
        left = true;
        return envelopeResponse(null, { message: PEOPLE_MESSAGES.left });
      },
    });
    const { user, router } = renderApp('/conta/pessoas');
    const table = await peopleTable();
    await user.click(table.getByRole('button', { name: 'Sair da conta' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sair da conta?' }));
    expect(
      dialog.getByText(/Você deixará de ter acesso a Padaria Central Ltda/),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Sair da conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/2/conta_selecionar'));
    expect(notices()).toContainEqual(['success', 'Você saiu da conta.']);
    // The session is asked again, and its answer without the client is no takeover (§4).
    const sessionChecks = () => calls.filter((call) => call.path === '/api/sessao/web').length;
    await waitFor(() => expect(sessionChecks()).toBeGreaterThan(1));
    await screen.findByRole('heading', { level: 1, name: 'Entrar' });
    expect(notices().filter(([level]) => level !== 'success')).toEqual([]);
  });

  it('cancels an invitation after the confirmation', async () => {
    const { calls } = stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession()),
      'GET /api/gl_cliente/3/pessoas': () => envelopeResponse(PEOPLE),
      'DELETE /api/gl_cliente/3/convites/5': () =>
        envelopeResponse(
          { ...PEOPLE, convites: PEOPLE.convites.filter((convite) => convite.id !== 5) },
          { message: PEOPLE_MESSAGES.invitationCancelled },
        ),
    });
    const { user } = renderApp('/conta/pessoas');
    await user.click(
      await screen.findByRole('button', { name: 'Cancelar convite carla@exemplo.com.br' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancelar convite?' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Cancelar convite' }));
    await waitFor(() => expect(notices()).toEqual([['success', 'Convite cancelado.']]));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/gl_cliente/3/convites/5',
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'carla@exemplo.com.br' })).not.toBeInTheDocument(),
    );
  });

  it('an account user is told who sees the people, with no list and no error', async () => {
    stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession({ clienteUsuario_nivel: 20 })),
      'GET /api/gl_cliente/3/pessoas': () =>
        envelopeResponse(null, { httpStatus: 403, message: PEOPLE_MESSAGES.peopleHidden }),
    });
    renderApp('/conta/pessoas');
    expect(await screen.findByText(PEOPLE_MESSAGES.peopleHidden)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(notices()).toEqual([]);
  });

  it('without a client in the session, leads to the account selection', async () => {
    const { calls } = stubFetch({
      'GET /api/sessao/web': () =>
        sessionResponse(signedInSession({ cliente: null, clienteUsuario_nivel: null })),
    });
    renderApp('/conta/pessoas');
    expect(
      await screen.findByText('Selecione uma conta para ver as pessoas da conta.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Selecionar conta' })).toHaveAttribute(
      'href',
      '/login/2/conta_selecionar',
    );
    expect(calls.some((call) => call.path.includes('/pessoas'))).toBe(false);
  });
});
