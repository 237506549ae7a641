import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createContract,
  createPendingPlanChange,
  createProduct,
} from '#tests/helpers/factories.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { glContrato, glContratoEvento } from '../../platform/db/schema.ts';
import { startPlanChangeWorker, type PlanChangeWorker } from './plan-change-worker.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let database: DatabaseHandle;
const workers: PlanChangeWorker[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await database.close();
});

/** A worker whose clock says a São Paulo day (noon). */
function worker(day: string): PlanChangeWorker {
  const created = startPlanChangeWorker({
    db: database.db,
    log: silent,
    intervalMs: 0,
    now: () => new Date(`${day}T12:00:00-03:00`),
  });
  workers.push(created);
  return created;
}

async function scheduled() {
  const produto = await createProduct(database.db);
  const cliente = await createClient(database.db);
  const { contrato } = await createContract(database.db, cliente.id, produto.id);
  // The contract's period ends on 2026-11-30; the change is for its close.
  const pending = await createPendingPlanChange(database.db, contrato, '2026-11-30');
  return { contrato, ...pending };
}

const contractOf = async (id: number) => (await database.db.select().from(glContrato).where(eq(glContrato.id, id)))[0];
const changeOf = async (id: number) => (await database.db.select().from(glContratoEvento).where(eq(glContratoEvento.id, id)))[0];

describe('scheduled plan changes', () => {
  it('waits until the period has closed: nothing on its last day', async () => {
    const { contrato, evento } = await scheduled();
    expect(await worker('2026-11-30').runOnce()).toBe(0);
    expect((await changeOf(evento.id))?.situacao).toBe('pendente');
    expect((await contractOf(contrato.id))?.gl_plano_id).toBe(contrato.gl_plano_id);
  });

  it('is applied exactly once even with two workers running together, with a new period after the old', async () => {
    const { contrato, evento, plano, pagamento } = await scheduled();
    const due = (await database.db.select().from(glContratoEvento)).filter(
      (row) => row.situacao === 'pendente' && row.agendamento_data !== null && row.agendamento_data < '2026-12-01',
    ).length;
    const results = await Promise.all([worker('2026-12-01').runOnce(), worker('2026-12-01').runOnce()]);
    const change = await changeOf(evento.id);
    expect(change?.situacao).toBe('aplicado');
    expect(change?.datahora_aplicado).toBeInstanceOf(Date);
    // Every due change (earlier tests' too) counted once across both workers.
    expect(results.reduce((a, b) => a + b, 0)).toBe(due);
    expect(await contractOf(contrato.id)).toMatchObject({
      gl_plano_id: plano.id,
      gl_plano_pagamento_id: pagamento.id,
      periodo_inicio: '2026-12-01',
      // The option is annual (createPendingPlanChange): twelve months.
      periodo_fim: '2027-11-30',
    });
    const modified = (await changeOf(evento.id))?.datahora_modificado;
    expect(await worker('2026-12-02').runOnce()).toBe(0);
    expect((await changeOf(evento.id))?.datahora_modificado).toEqual(modified);
    expect((await contractOf(contrato.id))?.periodo_inicio).toBe('2026-12-01');
  });

  it('leaves cancelled changes alone', async () => {
    const { contrato, evento } = await scheduled();
    await database.db.update(glContratoEvento).set({ situacao: 'cancelado' }).where(eq(glContratoEvento.id, evento.id));
    await worker('2026-12-03').runOnce();
    expect((await changeOf(evento.id))?.situacao).toBe('cancelado');
    expect((await contractOf(contrato.id))?.gl_plano_id).toBe(contrato.gl_plano_id);
  });
});
