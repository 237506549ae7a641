import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../src/server/platform/db/database.ts';
import { glCliente, glContrato, pgFatura, pgFaturaItem } from '../../src/server/platform/db/schema.ts';
import { newInvoiceToken } from '../../src/server/modules/invoices/service.ts';
import { createContract, createPaymentAccount, createProduct } from './factories.ts';

/** An 11-digit CPF with valid check digits, random enough to be unique per test run. */
function randomCpf(): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => randomInt(10));
    if (new Set(base).size === 1) continue;
    const digit = (digits: number[]) => {
      const sum = digits.reduce((total, value, index) => total + value * (digits.length + 1 - index), 0);
      const rest = (sum * 10) % 11;
      return rest === 10 ? 0 : rest;
    };
    const first = digit(base);
    const second = digit([...base, first]);
    return [...base, first, second].join('');
  }
}

export type NewCliente = typeof glCliente.$inferInsert;

/** A client (an individual with a unique CPF) with its own invoice token; override any column. */
export async function createCliente(db: Queryable, overrides: Partial<NewCliente> = {}) {
  const [cliente] = await db
    .insert(glCliente)
    .values({
      tipo_pessoa: 1,
      cpfcnpj: randomCpf(),
      razao_social: 'Cliente de Teste',
      fatura_token: newInvoiceToken(),
      ...overrides,
    })
    .returning();
  if (!cliente) throw new Error('client insert returned nothing');
  return cliente;
}

export type NewFatura = typeof pgFatura.$inferInsert;
export type NewFaturaItem = Omit<typeof pgFaturaItem.$inferInsert, 'pg_fatura_id'>;

/** An invoice of a client with its items (default: one line of 100.00); override any column. */
export async function createFatura(
  db: Queryable,
  clienteId: number,
  overrides: Partial<NewFatura> = {},
  itens: NewFaturaItem[] = [{ codigo: '1.05', descricao: 'Licenciamento', unidade: 'UN', qtde: '1', valor: '100.00' }],
) {
  const [fatura] = await db
    .insert(pgFatura)
    .values({
      gl_cliente_id: clienteId,
      situacao: 5,
      data_vencimento: '2026-01-10',
      valor: '100.00',
      servico_discriminacao: 'Licenciamento de software',
      ...overrides,
    })
    .returning();
  if (!fatura) throw new Error('invoice insert returned nothing');
  if (itens.length > 0) {
    await db.insert(pgFaturaItem).values(itens.map((item) => ({ ...item, pg_fatura_id: fatura.id })));
  }
  return fatura;
}

/**
 * A contract of the client on a new product, paid through a new account with a PIX key (the
 * demo provider's CNPJ): its invoices offer PIX (issue 20).
 */
export async function createPixContract(db: Queryable, clienteId: number) {
  const produto = await createProduct(db);
  const { contrato } = await createContract(db, clienteId, produto.id);
  const conta = await createPaymentAccount(db, {
    pix_chave_tipo: 'cnpj',
    pix_chave: '11444777000161',
    pix_nome: 'Provedora Teste',
    pix_cidade: 'SAO PAULO',
    // Every test's account holds the same key: confirmed as shared (issue 39).
    pix_chave_compartilhada: true,
  });
  await db.update(glContrato).set({ pg_conta_id: conta.id }).where(eq(glContrato.id, contrato.id));
  return { contrato, conta };
}
