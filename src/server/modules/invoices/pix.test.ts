import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEmv } from '#shared/pix/br-code';
import type { FaturaPixDto, FaturaPixListDto } from '#shared/schemas/invoices';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createUser, signedInAgent } from '#tests/helpers/factories.ts';
import {
  createCliente,
  createFatura,
  createPixContract,
} from '#tests/helpers/invoice-factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let token = '';
const ids = { aberta: 0, vencida: 0, paga: 0, semContrato: 0 };
let otherToken = '';

beforeAll(async () => {
  t = await createTestApp();
  const cliente = await createCliente(t.db);
  token = cliente.fatura_token;
  const { contrato } = await createPixContract(t.db, cliente.id);
  const invoice = async (situacao: number, withContract = true) =>
    (
      await createFatura(t.db, cliente.id, {
        situacao,
        valor: '149.90',
        data_vencimento: '2026-11-10',
        ...(withContract && { gl_contrato_id: contrato.id }),
      })
    ).id;
  ids.aberta = await invoice(5);
  ids.vencida = await invoice(8);
  ids.paga = await invoice(6);
  ids.semContrato = await invoice(8, false);
  otherToken = (await createCliente(t.db)).fatura_token;
});
afterAll(() => t.close());

describe('paying an invoice by PIX (issue 20)', () => {
  it('offers PIX for the open and overdue invoices whose account has a key', async () => {
    const answer = await new ApiAgent(t.app).get<FaturaPixListDto>(
      `/api/pg_fatura/cliente/${token}/pix`,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body.data?.faturas.sort()).toEqual([ids.aberta, ids.vencida].sort());
  });

  it("gives the invoice's BR Code with its amount, the account's key and the invoice reference, and its QR code", async () => {
    const answer = await new ApiAgent(t.app).get<FaturaPixDto>(
      `/api/pg_fatura/cliente/${token}/${ids.vencida}/pix`,
    );
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data).toMatchObject({ id: ids.vencida, valor: '149.90', data_vencimento: '2026-11-10' });
    const fields = parseEmv(data?.copia_e_cola ?? '');
    expect(fields?.get('54')).toBe('149.90');
    expect(fields?.get('26')).toContain('br.gov.bcb.pix011411444777000161');
    expect(fields?.get('59')).toBe('Provedora Teste');
    expect(fields?.get('62')).toBe(`0516FATURA${String(ids.vencida).padStart(10, '0')}`);
    expect(data?.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it("refuses a paid invoice, one without a PIX account, another client's and an unknown token alike", async () => {
    const agent = new ApiAgent(t.app);
    for (const path of [
      `/api/pg_fatura/cliente/${token}/${ids.paga}/pix`,
      `/api/pg_fatura/cliente/${token}/${ids.semContrato}/pix`,
      `/api/pg_fatura/cliente/${otherToken}/${ids.aberta}/pix`,
      `/api/pg_fatura/cliente/${'x'.repeat(43)}/pix`,
    ]) {
      const answer = await agent.get(path);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Recurso não encontrado.');
    }
    expect(
      (await agent.get<FaturaPixListDto>(`/api/pg_fatura/cliente/${otherToken}/pix`)).body.data
        ?.faturas,
    ).toEqual([]);
  });
});

describe("a payment account's PIX key in the back-office (issue 20)", () => {
  it('keeps a valid key in the form the BR Code carries, and refuses an invalid one in pt-BR, saving nothing', async () => {
    const staff = await signedInAgent(t, (await createUser(t.db, { nivel: 3 })).id);
    const base = { nome: 'Banco', nome_exibicao: 'Banco', ativo: true };
    const saved = await staff.post<{ entity: Record<string, unknown> }>('/api/admin/pg_conta', {
      ...base,
      pix_chave_tipo: 'telefone',
      pix_chave: '(11) 98765-4321',
      pix_nome: 'Provedora',
      pix_cidade: 'Campinas',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data?.entity).toMatchObject({
      pix_chave_tipo: 'telefone',
      pix_chave: '+5511987654321',
    });
    const refused = await staff.post('/api/admin/pg_conta', {
      ...base,
      pix_chave_tipo: 'cpf',
      pix_chave: '123',
      pix_nome: '',
      pix_cidade: '',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toMatchObject({
      pix_chave: ['Informe um CPF válido como chave PIX.'],
      pix_nome: ['Campo obrigatório.'],
      pix_cidade: ['Campo obrigatório.'],
    });
    const none = await staff.post<{ entity: Record<string, unknown> }>('/api/admin/pg_conta', {
      ...base,
      pix_chave_tipo: '',
      pix_chave: 'ignorada',
    });
    expect(none.body.data?.entity).toMatchObject({ pix_chave_tipo: null, pix_chave: null });
  });
});

describe("a payment account's PIX key is one account's unless staff confirm it, and its late charges are bounded (issue 39)", () => {
  const key = () => `${Math.floor(Math.random() * 1e8)}@provedora.example`;
  const account = (pix_chave: string, extra: Record<string, unknown> = {}) => ({
    nome: 'Banco',
    nome_exibicao: 'Banco',
    ativo: true,
    pix_chave_tipo: 'email',
    pix_chave,
    pix_nome: 'Provedora',
    pix_cidade: 'Campinas',
    ...extra,
  });

  it('refuses a second account with the same key until staff confirm it is shared', async () => {
    const staff = await signedInAgent(t, (await createUser(t.db, { nivel: 3 })).id);
    const shared = key();
    expect((await staff.post('/api/admin/pg_conta', account(shared))).status).toBe(200);
    const refused = await staff.post('/api/admin/pg_conta', account(shared));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      pix_chave: ['Outra conta já usa esta chave PIX. Marque "Mesma chave PIX de outra conta" para confirmar.'],
    });
    const confirmed = await staff.post<{ entity: Record<string, unknown> }>('/api/admin/pg_conta', account(shared, { pix_chave_compartilhada: true }));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data?.entity).toMatchObject({ pix_chave: shared, pix_chave_compartilhada: true });
  });

  it('fifty accounts saved at once with one new key: one holds it, the others are told', async () => {
    const staff = await signedInAgent(t, (await createUser(t.db, { nivel: 3 })).id);
    const contested = key();
    const answers = await Promise.all(Array.from({ length: 50 }, () => staff.post('/api/admin/pg_conta', account(contested))));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 422)).toHaveLength(49);
  });

  it('keeps the fine at most 2 % and the interest at most 1 % a month, empty being none', async () => {
    const staff = await signedInAgent(t, (await createUser(t.db, { nivel: 3 })).id);
    const tooMuch = await staff.post('/api/admin/pg_conta', account(key(), { multa_percentual: '2.5', juros_mensal_percentual: '1.01' }));
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors).toEqual({
      multa_percentual: ['A multa é de no máximo 2 % (Código de Defesa do Consumidor, art. 52).'],
      juros_mensal_percentual: ['Os juros são de no máximo 1 % ao mês.'],
    });
    const saved = await staff.post<{ entity: Record<string, unknown> }>('/api/admin/pg_conta', account(key(), { multa_percentual: '2', juros_mensal_percentual: '' }));
    expect(saved.body.data?.entity).toMatchObject({ multa_percentual: '2.00', juros_mensal_percentual: '0.00' });
  });
});

