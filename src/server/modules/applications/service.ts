import type {
  ConnectedApplication,
  InteractionInfo,
  OidcScope,
} from '#shared/schemas/applications';
import { APPLICATION_MESSAGES } from '#shared/schemas/applications';
import { recordAudit, type AuditOrigin } from '../../platform/audit/audit-trail.ts';
import type { Database, Queryable } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import {
  connectApplication,
  disconnectApplication,
  findInteractionRequest,
  INTERACTION_PATH,
  listConnections,
  requestedScopes,
  revokeApplicationAccess,
} from '../oidc/index.ts';

/**
 * A person's applications (issue 34, decision 097): the consent an application's sign-in asks,
 * and 'Aplicativos conectados' with its 'Revogar acesso' (OWASP ASVS 10.4.9, 10.7.1, 10.7.3).
 */

const interactionExpired = () =>
  notFound(APPLICATION_MESSAGES.interactionExpired, 'interaction_expired');

/** Who asks a pending sign-in and for what: the login and consent screens show it. */
export async function interactionInfo(db: Queryable, uid: string): Promise<InteractionInfo> {
  const request = await findInteractionRequest(db, uid);
  if (!request) throw interactionExpired();
  return {
    aplicativo: request.application.nome,
    logo_url: request.application.logoUrl,
    gl_produto_id: request.application.produtoId,
    escopos: request.scopes as OidcScope[],
  };
}

/**
 * 'Permitir' on the consent screen: the person allows what the pending sign-in asks, recorded in
 * the trail; the browser then goes back to the interaction, which finishes the sign-in.
 */
export async function allowApplication(
  db: Database,
  uid: string,
  usuarioId: number,
  origin: AuditOrigin,
): Promise<{ url: string }> {
  const request = await findInteractionRequest(db, uid);
  if (!request) throw interactionExpired();
  await db.transaction(async (tx) => {
    const changed = await connectApplication(tx, usuarioId, request.application.id, request.scopes);
    if (!changed) return;
    await recordAudit(tx, {
      ...origin,
      target: usuarioId,
      action: 'aplicativo_autorizado',
      resource: 'gl_oidc_cliente',
      resourceId: request.application.id,
      details: { aplicativo: request.application.nome, escopos: request.scopes },
    });
  });
  return { url: `${INTERACTION_PATH}/${uid}` };
}

export async function connectedApplications(
  db: Queryable,
  usuarioId: number,
): Promise<ConnectedApplication[]> {
  const rows = await listConnections(db, usuarioId);
  return rows.map((row) => ({
    id: row.id,
    aplicativo: row.aplicativo,
    // In the order the portal lists scopes, whatever order consents added them in.
    escopos: requestedScopes(row.escopos.join(' ')) as OidcScope[],
    datahora_criado: row.datahora_criado.toISOString(),
    datahora_ultimo_uso: row.datahora_ultimo_uso.toISOString(),
  }));
}

/**
 * 'Revogar acesso': the application's grants and tokens end at once (its next call is refused)
 * and its next sign-in asks again. Answers the application's name.
 */
export async function revokeApplication(
  db: Database,
  usuarioId: number,
  id: number,
  origin: AuditOrigin,
): Promise<string> {
  return db.transaction(async (tx) => {
    const connection = await disconnectApplication(tx, usuarioId, id);
    if (!connection) throw notFound(APPLICATION_MESSAGES.notFound, 'application_not_found');
    await revokeApplicationAccess(tx, usuarioId, { oidcClienteId: connection.oidcClienteId });
    await recordAudit(tx, {
      ...origin,
      target: usuarioId,
      action: 'aplicativo_revogado',
      resource: 'gl_oidc_cliente',
      resourceId: connection.oidcClienteId,
      details: { aplicativo: connection.aplicativo },
    });
    return connection.aplicativo;
  });
}
