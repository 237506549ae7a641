import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createContract,
  createPaymentAccount,
  createPendingPlanChange,
  createPlanWithOption,
  createProduct,
  createUser,
  linkUserToClient,
  signedInAgent,
} from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { glContratoEvento } from './platform/db/schema.ts';

/**
 * Decision 030 (docs/decisions/030-staff-permissions.md): the customer routes (everything under
 * /api that is not /api/admin and acts on a client) decide by the person's link to the client
 * alone. A staff level gives nothing there: staff act through the staff routes. The matrix: every
 * such route × staff level (none, operator 5, supervisor 3, admin 1) × link (none, user 20,
 * supervisor 13, manager 10).
 */
let t: TestApp;
beforeAll(async () => {
  // The matrix makes more requests from one address in a minute than the global limit allows.
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
});
afterAll(() => t.close());

const STAFF_LEVELS = [null, 5, 3, 1] as const;
const LINK_LEVELS = [null, 20, 13, 10] as const;

/** §6: only a manager (10 or lower) of the client; no link at all is 404 (nothing is learnt). */
function expected(link: number | null): number {
  if (link === null) return 404;
  return link <= 10 ? 200 : 403;
}

const CUSTOMER = {
  tipo_pessoa: 1,
  cpfcnpj: '529.982.247-25',
  razao_social: 'Cliente Matriz',
  email: 'matriz@exemplo.com.br',
  telefone_celular: '(11) 98765-4321',
  end_cep: '01310-100',
  end_logradouro: 'Avenida Paulista',
  end_numero: '1000',
  end_bairro: 'Bela Vista',
  gl_cidade_id: 3550308,
  data_nascimento: '14/03/1985',
};

/** A client with a contract (and a pending change) and a person with the given levels, signed in there. */
async function world(staff: number | null, link: number | null) {
  const produto = await createProduct(t.db);
  const cliente = await createClient(t.db);
  const { contrato } = await createContract(t.db, cliente.id, produto.id);
  const person = await createUser(t.db, { nivel: staff });
  if (link !== null) await linkUserToClient(t.db, person.id, cliente.id, link);
  // The session names the client as a login (or an admin's client selection) would.
  const agent = await signedInAgent(t, person.id, { clienteId: cliente.id, produtoId: produto.id });
  return { produto, cliente, contrato, person, agent };
}

type World = Awaited<ReturnType<typeof world>>;

/** The account's people (issue 41 item 3): supervisors (13) see and invite, managers change. */
function expectedForPeople(link: number | null): number {
  if (link === null) return 404;
  return link <= 13 ? 200 : 403;
}

/** Another person of the client, whom the route acts on. */
async function colleague(w: World) {
  const other = await createUser(t.db);
  return linkUserToClient(t.db, other.id, w.cliente.id, 20);
}

const ROUTES: {
  name: string;
  call: (w: World) => Promise<{ status: number }>;
  expected?: (link: number | null) => number;
}[] = [
  { name: 'GET /api/gl_cliente/{id}/edit', call: (w) => w.agent.get(`/api/gl_cliente/${w.cliente.id}/edit`) },
  {
    name: 'PUT /api/gl_cliente/{id}',
    call: (w) => w.agent.request('PUT', `/api/gl_cliente/${w.cliente.id}`, { body: { ...CUSTOMER, cpfcnpj: w.cliente.cpfcnpj } }),
  },
  {
    name: 'POST selecionarPlanoAssinar (imediato=1)',
    call: async (w) => {
      const target = await createPlanWithOption(t.db, w.produto.id);
      const conta = await createPaymentAccount(t.db);
      return w.agent.post('/api/gl_contrato_evento/selecionarPlanoAssinar', {
        imediato: 1,
        gl_contrato_id: w.contrato.id,
        gl_plano_pagamento_id: target.pagamento.id,
        pg_conta_id: conta.id,
      });
    },
  },
  {
    name: 'POST selecionarPlanoAssinar (plan signup of the session client)',
    call: async (w) => {
      const other = await createProduct(t.db);
      const target = await createPlanWithOption(t.db, other.id);
      const conta = await createPaymentAccount(t.db);
      return w.agent.post('/api/gl_contrato_evento/selecionarPlanoAssinar', {
        imediato: 1,
        gl_plano_pagamento_id: target.pagamento.id,
        pg_conta_id: conta.id,
      });
    },
  },
  {
    name: 'POST gl_contrato_evento/{id}/cancelar',
    call: async (w) => {
      const { evento } = await createPendingPlanChange(t.db, w.contrato);
      const response = await w.agent.post(`/api/gl_contrato_evento/${evento.id}/cancelar`, {});
      const [row] = await t.db.select().from(glContratoEvento).where(eq(glContratoEvento.id, evento.id));
      // A refused cancel changes nothing.
      expect(row?.situacao).toBe(response.status === 200 ? 'cancelado' : 'pendente');
      return response;
    },
  },
  {
    name: 'GET /api/gl_cliente/{id}/pessoas',
    call: (w) => w.agent.get(`/api/gl_cliente/${w.cliente.id}/pessoas`),
    expected: expectedForPeople,
  },
  {
    name: 'POST /api/gl_cliente/{id}/convites (a user)',
    call: (w) => w.agent.post(`/api/gl_cliente/${w.cliente.id}/convites`, { email: `convidado.${w.person.id}@exemplo.com.br`, nivel: 20 }),
    expected: expectedForPeople,
  },
  {
    name: 'POST /api/gl_cliente/{id}/convites (a manager)',
    call: (w) => w.agent.post(`/api/gl_cliente/${w.cliente.id}/convites`, { email: `gerente.${w.person.id}@exemplo.com.br`, nivel: 10 }),
    // A supervisor may invite, but never above their own level: a field error.
    expected: (link) => (link === 13 ? 422 : expected(link)),
  },
  {
    name: 'PUT /api/gl_cliente/{id}/pessoas/{pessoaId}',
    call: async (w) => {
      const link = await colleague(w);
      return w.agent.request('PUT', `/api/gl_cliente/${w.cliente.id}/pessoas/${link.id}`, { body: { nivel: 13 } });
    },
  },
  {
    name: 'DELETE /api/gl_cliente/{id}/pessoas/{pessoaId}',
    call: async (w) => {
      const link = await colleague(w);
      return w.agent.request('DELETE', `/api/gl_cliente/${w.cliente.id}/pessoas/${link.id}`);
    },
  },
];

const CASES = ROUTES.flatMap((route) =>
  STAFF_LEVELS.flatMap((staff) => LINK_LEVELS.map((link) => ({ route, staff, link }))),
);

describe('customer routes decide by the link alone', () => {
  it.each(CASES)('$route.name — staff $staff, link $link', async ({ route, staff, link }) => {
    const w = await world(staff, link);
    const response = await route.call(w);
    expect(response.status).toBe((route.expected ?? expected)(link));
  });
});

describe('the session answer (GET /api/sessao/web)', () => {
  it.each(STAFF_LEVELS.flatMap((staff) => LINK_LEVELS.map((link) => ({ staff, link }))))(
    'gives the invoice token and the link level only to a linked person — staff $staff, link $link',
    async ({ staff, link }) => {
      const w = await world(staff, link);
      const response = await w.agent.get<{
        usuario: { nivel: number | null };
        cliente: { fatura_token: string | null } | null;
        clienteUsuario_nivel: number | null;
      }>('/api/sessao/web');
      expect(response.status).toBe(200);
      const data = response.body.data;
      expect(data.clienteUsuario_nivel).toBe(link);
      expect(data.cliente?.fatura_token ?? null).toBe(link === null ? null : w.cliente.fatura_token);
    },
  );
});
