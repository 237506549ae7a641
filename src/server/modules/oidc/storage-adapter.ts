import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database, Queryable } from '../../platform/db/database.ts';
import { isTransientDatabaseError } from '../../platform/db/errors.ts';
import { glOidcAutorizacao, glOidcCliente, glOidcConsentimento, glOidcRegistro } from '../../platform/db/schema.ts';
import { findClientMetadata } from './clients.ts';
import { deleteInBatches } from '../../platform/db/batch-delete.ts';

/**
 * The library's errors, from the module the provider has loaded already (provider.ts imports it
 * on the first request under /oidc; a static import here loaded it, a third of a second, at every
 * start).
 */
const providerModule = () => import('oidc-provider');

/**
 * The database away (restart, failover): the provider answers 503 `temporarily_unavailable`
 * (RFC 6749 §4.1.2.1) instead of its 500 `server_error`, as the rest of the API does (decision 033).
 */
export async function available<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isTransientDatabaseError(error)) throw error;
    const { errors } = await providerModule();
    const unavailable = new errors.OIDCProviderError(503, 'temporarily_unavailable', {
      cause: error,
    });
    // The provider shows the error code of an exposed error only.
    unavailable.expose = true;
    throw unavailable;
  }
}

/** The person a row belongs to: the payload's accountId (the portal's user id, decision 086). */
function personOf(payload: AdapterPayload): number | null {
  const id = Number(payload.accountId);
  return payload.accountId && Number.isSafeInteger(id) ? id : null;
}

/** How often a connection's last use is written: at most once a minute per person and application. */
const LAST_USE_INTERVAL = sql`interval '1 minute'`;

async function markConnectionUsed(db: Queryable, usuarioId: number, clientId: string) {
  await db
    .update(glOidcConsentimento)
    .set({ datahora_ultimo_uso: sql`now()` })
    .where(
      and(
        eq(glOidcConsentimento.gl_usuario_id, usuarioId),
        sql`${glOidcConsentimento.gl_oidc_cliente_id} = (select ${glOidcCliente.id} from ${glOidcCliente} where ${glOidcCliente.client_id} = ${clientId})`,
        sql`${glOidcConsentimento.datahora_ultimo_uso} < now() - ${LAST_USE_INTERVAL}`,
      ),
    );
}

/**
 * oidc-provider's storage on the portal's database (its adapter interface, example/my_adapter.js
 * of the library): one adapter per model name, all in gl_oidc_registro, so every instance on the
 * database sees the same sessions, interactions, codes and tokens.
 */
export class DatabaseAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly model: string,
  ) {}

  private readonly live = () =>
    or(isNull(glOidcRegistro.datahora_expira), gt(glOidcRegistro.datahora_expira, new Date()));

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const usuarioId = personOf(payload);
    const values = {
      payload: payload as Record<string, unknown>,
      grant_id: payload.grantId ?? null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      gl_usuario_id: usuarioId,
      datahora_expira: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await available(async () => {
      await this.db
        .insert(glOidcRegistro)
        .values({ modelo: this.model, id, ...values })
        .onConflictDoUpdate({ target: [glOidcRegistro.modelo, glOidcRegistro.id], set: values });
      // An access token issued (sign-in or refresh) is the application's use of the connection.
      if (this.model === 'AccessToken' && usuarioId !== null && payload.clientId) {
        await markConnectionUsed(this.db, usuarioId, payload.clientId);
      }
    });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(glOidcRegistro.id, id));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(glOidcRegistro.uid, uid));
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(glOidcRegistro.user_code, userCode));
  }

  /**
   * Marks the row used. The library checks `consumed` before calling this, but two requests
   * presenting the same code can both pass that check; only one of them changes the row here, and
   * the other is refused like a reused code, its grant revoked (RFC 6749 §4.1.2, §10.5).
   */
  async consume(id: string): Promise<void> {
    return available(() => this.consumeOnce(id));
  }

  private async consumeOnce(id: string): Promise<void> {
    const [row] = await this.db
      .update(glOidcRegistro)
      .set({ datahora_consumido: new Date() })
      .where(
        and(
          eq(glOidcRegistro.modelo, this.model),
          eq(glOidcRegistro.id, id),
          isNull(glOidcRegistro.datahora_consumido),
        ),
      )
      .returning({ id: glOidcRegistro.id });
    if (row) return;
    const [used] = await this.db
      .select({ grant_id: glOidcRegistro.grant_id })
      .from(glOidcRegistro)
      .where(and(eq(glOidcRegistro.modelo, this.model), eq(glOidcRegistro.id, id)));
    if (used?.grant_id) await this.revokeByGrantId(used.grant_id);
    const { errors } = await providerModule();
    throw new errors.InvalidGrant(`${this.model} already consumed`);
  }

  async destroy(id: string): Promise<void> {
    await available(() =>
      this.db
        .delete(glOidcRegistro)
        .where(and(eq(glOidcRegistro.modelo, this.model), eq(glOidcRegistro.id, id))),
    );
  }

  /** Every row of the grant, whatever its model (the library calls it on one model's adapter). */
  async revokeByGrantId(grantId: string): Promise<void> {
    await available(() =>
      this.db.delete(glOidcRegistro).where(eq(glOidcRegistro.grant_id, grantId)),
    );
  }

  private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await available(() =>
      this.db
        .select({ payload: glOidcRegistro.payload, consumed: glOidcRegistro.datahora_consumido })
        .from(glOidcRegistro)
        .where(and(eq(glOidcRegistro.modelo, this.model), condition, this.live()))
        .limit(1),
    );
    if (!row) return undefined;
    return {
      ...(row.payload as AdapterPayload),
      ...(row.consumed && { consumed: Math.floor(row.consumed.getTime() / 1000) }),
    };
  }
}

/** Rows past their expiry, for the housekeeping job. Returns how many were deleted. */
export async function purgeExpiredOidcRecords(db: Queryable, now = new Date()): Promise<number> {
  const deleted = await deleteInBatches(db, glOidcRegistro, glOidcRegistro.id, sql`${glOidcRegistro.datahora_expira} < ${now}`);
  // What an authorization was given with goes with the authorization (decision 087).
  await db
    .delete(glOidcAutorizacao)
    .where(
      sql`not exists (select 1 from ${glOidcRegistro} where ${glOidcRegistro.modelo} = 'Grant' and ${glOidcRegistro.id} = ${glOidcAutorizacao.grant_id})`,
    );
  return deleted;
}

/**
 * The provider's clients are the applications staff register (gl_oidc_cliente, decision 087):
 * read here, never written by the provider (no dynamic registration).
 */
export class ClientAdapter implements Adapter {
  constructor(private readonly db: Database) {}

  async find(id: string): Promise<AdapterPayload | undefined> {
    return available(() => findClientMetadata(this.db, id));
  }

  upsert(): Promise<void> {
    return Promise.reject(new Error('OIDC clients are registered in the back-office'));
  }

  findByUid(): Promise<undefined> {
    return Promise.resolve(undefined);
  }

  findByUserCode(): Promise<undefined> {
    return Promise.resolve(undefined);
  }

  async consume(): Promise<void> {}

  async destroy(): Promise<void> {}

  async revokeByGrantId(): Promise<void> {}
}
