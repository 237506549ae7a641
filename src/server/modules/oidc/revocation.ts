import { and, eq, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/database.ts';
import {
  glOidcAutorizacao,
  glOidcCliente,
  glOidcConsentimento,
  glOidcRegistro,
} from '../../platform/db/schema.ts';

/**
 * Ends what a person gave applications (issue 34, decision 096): the provider's rows of that
 * person (grants, authorization codes, access and refresh tokens, and, when every application
 * goes, the provider's sessions), their connections ('Aplicativos conectados') and the client
 * accounts recorded with the grants. Access tokens are opaque and looked up at every use, so an
 * application is refused at its next call (userinfo, introspection, refresh). Pass the
 * transaction of the event that calls for it, so the revocation commits with it.
 */
export async function revokeApplicationAccess(
  db: Queryable,
  usuarioId: number,
  options: { oidcClienteId?: number } = {},
): Promise<void> {
  const { oidcClienteId } = options;
  if (oidcClienteId === undefined) {
    await db.delete(glOidcRegistro).where(eq(glOidcRegistro.gl_usuario_id, usuarioId));
    await db.delete(glOidcConsentimento).where(eq(glOidcConsentimento.gl_usuario_id, usuarioId));
    await db.delete(glOidcAutorizacao).where(eq(glOidcAutorizacao.gl_usuario_id, usuarioId));
    return;
  }
  // One application: its grants and tokens; the provider's session (shared by the person's other
  // applications) stays, and asks this one's consent again at its next sign-in.
  await db
    .delete(glOidcRegistro)
    .where(
      and(
        eq(glOidcRegistro.gl_usuario_id, usuarioId),
        ne(glOidcRegistro.modelo, 'Session'),
        sql`${glOidcRegistro.payload}->>'clientId' = (select ${glOidcCliente.client_id} from ${glOidcCliente} where ${glOidcCliente.id} = ${oidcClienteId})`,
      ),
    );
  await db
    .delete(glOidcConsentimento)
    .where(
      and(
        eq(glOidcConsentimento.gl_usuario_id, usuarioId),
        eq(glOidcConsentimento.gl_oidc_cliente_id, oidcClienteId),
      ),
    );
  await db
    .delete(glOidcAutorizacao)
    .where(
      and(
        eq(glOidcAutorizacao.gl_usuario_id, usuarioId),
        eq(glOidcAutorizacao.gl_oidc_cliente_id, oidcClienteId),
      ),
    );
}
