import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/database.ts';
import { glOidcCliente, glOidcConsentimento, glOidcRegistro } from '../../platform/db/schema.ts';
import { OIDC_CLAIMS } from './accounts.ts';
import { findClientProduct, type ApplicationSummary } from './clients.ts';

/**
 * A person's connections to applications (issue 34, decision 097): what an application asked
 * for, what the person allowed, and the list 'Aplicativos conectados' shows.
 */

/** The scopes of an authorization request the portal knows, in a stable order (openid first). */
export function requestedScopes(scope: unknown): string[] {
  const known = new Set([...Object.keys(OIDC_CLAIMS), 'offline_access']);
  const asked = new Set(typeof scope === 'string' ? scope.split(' ') : ['openid']);
  return [...known].filter((name) => asked.has(name));
}

/** An application's pending sign-in: who asks and for what. */
export interface InteractionRequest {
  application: ApplicationSummary;
  scopes: string[];
}

/**
 * The request behind an interaction id (the Interaction row the provider keeps, decision 086),
 * while it lives; null for an unknown, expired or finished one. Read from the provider's storage,
 * so the portal's screens do not load the provider to show it.
 */
export async function findInteractionRequest(
  db: Queryable,
  uid: string,
): Promise<InteractionRequest | null> {
  const [row] = await db
    .select({ payload: glOidcRegistro.payload })
    .from(glOidcRegistro)
    .where(
      and(
        eq(glOidcRegistro.modelo, 'Interaction'),
        eq(glOidcRegistro.id, uid),
        sql`${glOidcRegistro.datahora_expira} > now()`,
      ),
    );
  const params = row?.payload.params as { client_id?: unknown; scope?: unknown } | undefined;
  if (typeof params?.client_id !== 'string') return null;
  const application = await findClientProduct(db, params.client_id);
  if (!application) return null;
  return { application, scopes: requestedScopes(params.scope) };
}

/** Whether the person already allowed every scope asked (their connection covers them). */
export async function connectionCovers(
  db: Queryable,
  usuarioId: number,
  oidcClienteId: number,
  scopes: readonly string[],
): Promise<boolean> {
  const [row] = await db
    .select({ escopos: glOidcConsentimento.escopos })
    .from(glOidcConsentimento)
    .where(
      and(
        eq(glOidcConsentimento.gl_usuario_id, usuarioId),
        eq(glOidcConsentimento.gl_oidc_cliente_id, oidcClienteId),
      ),
    );
  return row !== undefined && scopes.every((scope) => row.escopos.includes(scope));
}

/**
 * Records that the person allowed these scopes to the application (consent, or a first-party
 * sign-in): one row per person and application (unique index), its scopes growing with each new
 * one allowed. Answers whether anything changed: of concurrent identical consents one does, so
 * the trail records it once.
 */
export async function connectApplication(
  db: Queryable,
  usuarioId: number,
  oidcClienteId: number,
  scopes: readonly string[],
): Promise<boolean> {
  const changed = await db
    .insert(glOidcConsentimento)
    .values({ gl_usuario_id: usuarioId, gl_oidc_cliente_id: oidcClienteId, escopos: [...scopes] })
    .onConflictDoUpdate({
      target: [glOidcConsentimento.gl_usuario_id, glOidcConsentimento.gl_oidc_cliente_id],
      set: {
        escopos: sql`array(select distinct unnest(${glOidcConsentimento.escopos} || excluded.escopos))`,
        datahora_ultimo_uso: sql`now()`,
      },
      setWhere: sql`not (${glOidcConsentimento.escopos} @> excluded.escopos)`,
    })
    .returning({ id: glOidcConsentimento.id });
  return changed.length > 0;
}

/**
 * Takes one of the person's own connections away (another person's id is as unknown as a
 * missing one) and answers its application, or null; of concurrent revocations one gets it.
 */
export async function disconnectApplication(db: Queryable, usuarioId: number, id: number) {
  const [row] = await db
    .delete(glOidcConsentimento)
    .where(and(eq(glOidcConsentimento.id, id), eq(glOidcConsentimento.gl_usuario_id, usuarioId)))
    .returning({
      oidcClienteId: glOidcConsentimento.gl_oidc_cliente_id,
      aplicativo: sql<string>`(select ${glOidcCliente.nome} from ${glOidcCliente} where ${glOidcCliente.id} = ${glOidcConsentimento.gl_oidc_cliente_id})`,
    });
  return row ?? null;
}

/** 'Aplicativos conectados': each application the person connected, oldest first. */
export async function listConnections(db: Queryable, usuarioId: number) {
  return db
    .select({
      id: glOidcConsentimento.id,
      aplicativo: glOidcCliente.nome,
      escopos: glOidcConsentimento.escopos,
      datahora_criado: glOidcConsentimento.datahora_criado,
      datahora_ultimo_uso: glOidcConsentimento.datahora_ultimo_uso,
    })
    .from(glOidcConsentimento)
    .innerJoin(glOidcCliente, eq(glOidcCliente.id, glOidcConsentimento.gl_oidc_cliente_id))
    .where(eq(glOidcConsentimento.gl_usuario_id, usuarioId))
    .orderBy(asc(glOidcConsentimento.datahora_criado), asc(glOidcConsentimento.id));
}
