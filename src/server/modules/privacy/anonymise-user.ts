import { and, eq, inArray, sql } from 'drizzle-orm';
import { LEVEL_ACCOUNT_MANAGER } from '#shared/levels';
import { hashPassword } from '../../platform/crypto/password.ts';
import type { Queryable } from '../../platform/db/database.ts';
import {
  glAcessoEvento,
  glCliente,
  glClienteUsuario,
  glEmailSaida,
  glPrivacidadePedido,
  glSessao,
  glUsuario,
  glUsuarioAcesso,
  glUsuarioChaveAcesso,
  glUsuarioChaveRecuperacao,
  glUsuarioDispositivo,
  glUsuarioNavegador,
  glUsuarioSenhaToken,
  glUsuarioTermoAceite,
  glUsuarioTotpPasso,
  glWebauthnDesafio,
} from '../../platform/db/schema.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { deletionCompletedMail } from './mails.ts';
import { randomToken } from '../../platform/session/tokens.ts';
import { revokeApplicationAccess } from '../oidc/index.ts';

/** Placeholder name of an anonymised person (staff see it in the back-office). */
export const ANONYMISED_NAME = 'Pessoa excluída';

/**
 * Removes a person's personal data (issue 19): their record anonymised (name, nickname, e-mail,
 * phone, password, 2FA), sessions, devices, passkeys, recovery keys, sign-in history, tokens,
 * the applications' sessions, the e-mails sent to them, the IP of their consents, their client
 * links. Invoices, NFS-e and contracts belong to the clients and stay (fiscal records, 5 years).
 * Answers the clients left without a manager (nivel ≤ 10), for staff.
 */
export async function anonymiseUser(
  tx: Queryable,
  usuarioId: number,
  providerName: string,
): Promise<string[]> {
  const [user] = await tx
    .select({ nome: glUsuario.nome, email: glUsuario.email })
    .from(glUsuario)
    .where(eq(glUsuario.id, usuarioId));
  if (!user) return [];
  const links = await tx
    .delete(glClienteUsuario)
    .where(eq(glClienteUsuario.gl_usuario_id, usuarioId))
    .returning({ clienteId: glClienteUsuario.gl_cliente_id });
  const clienteIds = links.map((link) => link.clienteId);
  const orphans =
    clienteIds.length === 0
      ? []
      : await tx
          .select({ razao_social: glCliente.razao_social, id: glCliente.id })
          .from(glCliente)
          .where(
            and(
              inArray(glCliente.id, clienteIds),
              sql`not exists (select 1 from ${glClienteUsuario} where ${glClienteUsuario.gl_cliente_id} = ${glCliente.id} and ${glClienteUsuario.nivel} <= ${LEVEL_ACCOUNT_MANAGER})`,
            ),
          );
  await revokeApplicationAccess(tx, usuarioId);
  for (const table of [
    glSessao,
    glAcessoEvento,
    glUsuarioChaveRecuperacao,
    glUsuarioDispositivo,
    glUsuarioTotpPasso,
    glUsuarioAcesso,
    glUsuarioNavegador,
    glUsuarioChaveAcesso,
    glWebauthnDesafio,
    glUsuarioSenhaToken,
  ]) {
    await tx.delete(table).where(eq(table.gl_usuario_id, usuarioId));
  }
  await tx
    .delete(glEmailSaida)
    .where(sql`lower(${glEmailSaida.destinatario}) = lower(${user.email})`);
  // The consent itself is the record of a legal basis; where it came from is personal data.
  await tx
    .update(glUsuarioTermoAceite)
    .set({ ip: null })
    .where(eq(glUsuarioTermoAceite.gl_usuario_id, usuarioId));
  await tx
    .update(glPrivacidadePedido)
    .set({ arquivo: null, ip: null })
    .where(eq(glPrivacidadePedido.gl_usuario_id, usuarioId));
  await tx
    .update(glUsuario)
    .set({
      nome: ANONYMISED_NAME,
      apelido: null,
      email: `excluido-${usuarioId}@anonimo.invalid`,
      telefone_celular: null,
      // A password nobody knows (an unusable hash would make the sign-in's check fail loudly).
      senha_hash: await hashPassword(randomToken()),
      senha_revalidar: false,
      senha_temporaria_expira: null,
      nivel: null,
      ativo: false,
      twofa_secret: null,
      twofa_secret_validado_em: null,
      twofa_ativo: false,
      twofa_lembrar_em: null,
    })
    .where(eq(glUsuario.id, usuarioId));
  await enqueueMail(tx, {
    to: user.email,
    ...deletionCompletedMail({ providerName, nome: user.nome }),
  });
  return orphans.map((cliente) => `${cliente.razao_social} (id ${cliente.id})`);
}
