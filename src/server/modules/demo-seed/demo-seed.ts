/**
 * The loader of the demo data (demo-data.ts): products, plans, payment accounts, three clients,
 * four users, contracts and a year of invoices with NFS-e (demo-billing-history.ts). It goes only
 * into a database with no users, in one transaction; the caller decides whether to run it at all
 * (never in production).
 */
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { addCalendarMonths, addDays, periodEnd, periodOf, todayInSaoPaulo } from '#shared/dates';
import { hashPassword } from '#server/platform/crypto/password';
import type { Database, Queryable } from '../../platform/db/database.ts';
import { seedReferenceData } from '../../platform/db/reference-data.ts';
import {
  glCliente,
  glClienteUsuario,
  glContrato,
  glPlano,
  glPlanoPagamento,
  glProduto,
  glUsuario,
  pgConta,
} from '../../platform/db/schema.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { newInvoiceToken } from '../invoices/index.ts';
import { acceptCurrentVersions } from '../privacy/index.ts';
import { billDemoHistory, recordDemoPayments } from './demo-billing-history.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_CLIENT_USERS,
  DEMO_CLIENTS,
  DEMO_CONSENT_IP,
  DEMO_CONTRACTS,
  DEMO_LEAD_DAYS,
  DEMO_MESES,
  DEMO_PASSWORD,
  DEMO_PAYMENTS,
  DEMO_PLANS,
  DEMO_PRODUCT_ID,
  DEMO_PRODUCTS,
  DEMO_PROMOTION_MONTHS,
  DEMO_USERS,
  type DemoClient,
} from './demo-data.ts';
import { E2E_INVOICE_TOKENS } from './e2e-tokens.ts';

/** Key of the advisory lock that keeps two starting instances from seeding at once. */
export const DEMO_SEED_LOCK = 7_420_001;

/**
 * Moves a table's identity sequence past its largest id (and never backwards), so that inserts
 * without an id continue after rows inserted with explicit ids.
 */
async function syncIdentitySequence(db: Queryable, table: PgTable): Promise<void> {
  await db.execute(sql`
    select setval(
      seq,
      greatest(
        coalesce((select max(id) from ${table}), 0),
        coalesce(pg_sequence_last_value(seq::regclass), 0)
      ) + 1,
      false
    )
    from pg_get_serial_sequence(${getTableName(table)}, 'id') as seq`);
}

export interface DemoSeedOptions {
  /** "Now" for the dates of the demo (tests pin it). */
  agora?: Date;
  /** The fixed invoice tokens of e2e-tokens.ts instead of random ones (E2E_FIXED_TOKENS). */
  fixedTokens?: boolean;
}

/**
 * Seeds the demo data when there are no users yet. Returns true when it seeded. NFS-e files go to
 * `storage` (if the transaction fails they stay behind as orphans, harmless in a demo).
 */
export async function seedDemoData(
  db: Database,
  storage: FileStorage,
  { agora = new Date(), fixedTokens = false }: DemoSeedOptions = {},
): Promise<boolean> {
  if (await hasUsers(db)) return false;
  // argon2 is slow by design: one hash, shared by every demo user, computed outside the transaction.
  const senhaHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    // Another instance seeding holds the lock as long as its seed takes: wait for it, past the
    // background lane's lock_timeout (decision 103), which would fail this start.
    await tx.execute(sql`set local lock_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK}::bigint)`);
    if (await hasUsers(tx)) return false;
    await seedReferenceData(tx);
    await insertDemoData(tx, storage, senhaHash, agora, fixedTokens);
    return true;
  });
}

async function hasUsers(db: Queryable): Promise<boolean> {
  const rows = await db.select({ id: glUsuario.id }).from(glUsuario).limit(1);
  return rows.length > 0;
}

/** The row an insert returned for its `index`th record. */
function rowAt<T>(rows: T[], index: number): T {
  const row = rows[index];
  if (row === undefined) throw new Error('Inserção sem retorno.');
  return row;
}

const first = <T>(rows: T[]): T => rowAt(rows, 0);

/** Looks a record's id up by its key in demo-data.ts. */
function idOf(ids: Map<string, number>, key: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Registro demo ausente: ${key}`);
  return id;
}

/** Inserts the records of demo-data.ts in their order (the ids follow it), then the history. */
async function insertDemoData(
  tx: Queryable,
  storage: FileStorage,
  senhaHash: string,
  agora: Date,
  fixedTokens: boolean,
): Promise<void> {
  const hoje = todayInSaoPaulo(agora);
  const { startDate: inicioMes } = periodOf('month', hoje);

  await tx.insert(glProduto).values(DEMO_PRODUCTS);
  await syncIdentitySequence(tx, glProduto);

  // Plans, then their payment options ('plano.pagamento' → id; which of them run a promotion).
  const planIds = new Map<string, number>();
  for (const [plano, { plano: record }] of Object.entries(DEMO_PLANS)) {
    const row = first(
      await tx.insert(glPlano).values({ ...record, gl_produto_id: DEMO_PRODUCT_ID }).returning(),
    );
    planIds.set(plano, row.id);
  }
  const paymentIds = new Map<string, number>();
  const promotions = new Set<number>();
  for (const [plano, { pagamentos }] of Object.entries(DEMO_PLANS)) {
    for (const [pagamento, record] of Object.entries(pagamentos)) {
      const row = first(
        await tx
          .insert(glPlanoPagamento)
          .values({ ...record, gl_plano_id: idOf(planIds, plano) })
          .returning(),
      );
      paymentIds.set(`${plano}.${pagamento}`, row.id);
      if (row.flag_promocao) promotions.add(row.id);
    }
  }

  const accountRows = await tx.insert(pgConta).values(Object.values(DEMO_ACCOUNTS)).returning();
  const accountIds = new Map(
    Object.keys(DEMO_ACCOUNTS).map((conta, index) => [conta, rowAt(accountRows, index).id]),
  );

  // Clients, one insert each, with their invoice token.
  const clients = new Map<DemoClient, { id: number; razao_social: string; cpfcnpj: string }>();
  const clientRecords = Object.entries(DEMO_CLIENTS) as [DemoClient, (typeof DEMO_CLIENTS)[DemoClient]][];
  for (const [cliente, record] of clientRecords) {
    const fatura_token = fixedTokens ? E2E_INVOICE_TOKENS[cliente] : newInvoiceToken();
    clients.set(cliente, first(await tx.insert(glCliente).values({ ...record, fatura_token }).returning()));
  }
  const clientOf = (cliente: DemoClient) => {
    const row = clients.get(cliente);
    if (!row) throw new Error(`Registro demo ausente: ${cliente}`);
    return row;
  };

  // Users (one argon2id hash for all of them) and their client links.
  const usuarios = await tx
    .insert(glUsuario)
    .values(DEMO_USERS.map((usuario) => ({ ...usuario, senha_hash: senhaHash })))
    .returning({ id: glUsuario.id, email: glUsuario.email });
  const userIds = new Map(usuarios.map((usuario) => [usuario.email, usuario.id]));
  await tx.insert(glClienteUsuario).values(
    DEMO_CLIENT_USERS.map(({ cliente, email, nivel }) => ({
      gl_cliente_id: clientOf(cliente).id,
      gl_usuario_id: idOf(userIds, email),
      nivel,
    })),
  );
  // The demo people accepted the legal pages in force, as a sign-up records it (issue 19).
  for (const usuario of usuarios) {
    await acceptCurrentVersions(tx, usuario.id, { ip: DEMO_CONSENT_IP, now: new Date() });
  }

  // Contracts, started DEMO_MESES periods ago; the billing run makes their invoices.
  const ultimoMes =
    hoje >= addDays(addCalendarMonths(inicioMes, 1), -DEMO_LEAD_DAYS) ? addCalendarMonths(inicioMes, 1) : inicioMes;
  const primeiroMes = addCalendarMonths(ultimoMes, -(DEMO_MESES - 1));
  const contractRows = await tx
    .insert(glContrato)
    .values(
      DEMO_CONTRACTS.map(({ cliente, plano, pagamento, conta }) => {
        const pagamentoId = idOf(paymentIds, `${plano}.${pagamento}`);
        return {
          gl_cliente_id: clientOf(cliente).id,
          gl_produto_id: DEMO_PRODUCT_ID,
          gl_plano_id: idOf(planIds, plano),
          gl_plano_pagamento_id: pagamentoId,
          pg_conta_id: conta === null ? null : idOf(accountIds, conta),
          periodo_inicio: primeiroMes,
          periodo_fim: periodEnd(primeiroMes, 1),
          // The promotion started with the contract and lasts while it stays on the option.
          promocao_ate: promotions.has(pagamentoId) ? addCalendarMonths(primeiroMes, DEMO_PROMOTION_MONTHS) : null,
        };
      }),
    )
    .returning();
  const contractIds = new Map(DEMO_CONTRACTS.map(({ cliente }, index) => [cliente, rowAt(contractRows, index).id]));
  const contratoDe = (cliente: DemoClient) => idOf(contractIds, cliente);

  await billDemoHistory(tx, { primeiroMes, hoje, agora, contratoDe });
  for (const { cliente, emAberto, tomadorEndereco } of DEMO_PAYMENTS) {
    const { razao_social, cpfcnpj } = clientOf(cliente);
    await recordDemoPayments(tx, storage, {
      contratoId: contratoDe(cliente),
      tomador: tomadorEndereco === null ? null : { razao_social, cpfcnpj, endereco: tomadorEndereco },
      emAberto,
    });
  }
}
