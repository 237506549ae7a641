import { and, eq } from 'drizzle-orm';
import type { Account, KoaContextWithOIDC } from 'oidc-provider';
import type { Database, Queryable } from '../../platform/db/database.ts';
import {
  glCliente,
  glClienteUsuario,
  glOidcAutorizacao,
  glPrivacidadePedido,
  glUsuario,
} from '../../platform/db/schema.ts';

/** The scopes an application may ask for, and the claims each one releases (issue 18). */
export const OIDC_CLAIMS = {
  openid: ['sub'],
  profile: ['name', 'nickname'],
  email: ['email', 'email_verified'],
  cliente: ['cliente'],
};

/** The `cliente` claim: the client account the person chose when signing in to the application. */
interface ClienteClaim {
  id: number;
  razao_social: string;
  cpfcnpj: string;
  /** The person's level in that account (§6: manager ≤ 10, supervisor ≤ 13, user ≤ 20). */
  nivel: number;
}

/**
 * The client account an authorization (a grant) was given with, while the person still belongs
 * to it; null for a person without client accounts or one removed from it since.
 */
async function clienteOfGrant(
  db: Database,
  usuarioId: number,
  grantId: string,
): Promise<ClienteClaim | null> {
  const [row] = await db
    .select({
      id: glCliente.id,
      razao_social: glCliente.razao_social,
      cpfcnpj: glCliente.cpfcnpj,
      nivel: glClienteUsuario.nivel,
    })
    .from(glOidcAutorizacao)
    .innerJoin(glCliente, eq(glCliente.id, glOidcAutorizacao.gl_cliente_id))
    .innerJoin(
      glClienteUsuario,
      and(
        eq(glClienteUsuario.gl_cliente_id, glCliente.id),
        eq(glClienteUsuario.gl_usuario_id, usuarioId),
      ),
    )
    .where(
      and(eq(glOidcAutorizacao.grant_id, grantId), eq(glOidcAutorizacao.gl_usuario_id, usuarioId)),
    );
  return row ?? null;
}

/**
 * Whether the person asked to delete their account (LGPD, decision 088): in the grace period
 * they may still sign in to the portal to cancel it, but applications get nothing more of them.
 */
export async function deletionScheduled(db: Queryable, usuarioId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: glPrivacidadePedido.id })
    .from(glPrivacidadePedido)
    .where(
      and(
        eq(glPrivacidadePedido.gl_usuario_id, usuarioId),
        eq(glPrivacidadePedido.tipo, 'exclusao'),
        eq(glPrivacidadePedido.situacao, 'agendado'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * oidc-provider's findAccount: `sub` is the person's id (stable, never reused); name, nickname
 * and e-mail from gl_usuario; `cliente` from the authorization the token belongs to. An
 * inactive person, or one whose deletion is scheduled, has no account for the provider: their
 * tokens stop working (issue 34).
 */
export async function findAccount(
  db: Database,
  _ctx: KoaContextWithOIDC,
  sub: string,
  token?: { grantId?: string },
): Promise<Account | undefined> {
  const id = Number(sub);
  if (!Number.isSafeInteger(id)) return undefined;
  const [user] = await db
    .select({
      nome: glUsuario.nome,
      apelido: glUsuario.apelido,
      email: glUsuario.email,
      ativo: glUsuario.ativo,
    })
    .from(glUsuario)
    .where(eq(glUsuario.id, id));
  if (!user?.ativo || (await deletionScheduled(db, id))) return undefined;
  const cliente = token?.grantId ? await clienteOfGrant(db, id, token.grantId) : null;
  return {
    accountId: sub,
    claims: () => ({
      sub,
      name: user.nome,
      nickname: user.apelido ?? undefined,
      email: user.email,
      // The portal only lets a person in with a password it sent to that address (§4).
      email_verified: true,
      ...(cliente && { cliente }),
    }),
  };
}
