import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginInfo } from '#shared/schemas/auth';
import { recordSignIn, type SuccessfulSignIn } from '../security/index.ts';
import { issueLoginInfo, type AcessoDeps, type KnownLoginParts } from './service.ts';

/**
 * The end of every sign-in that proved who the person is (the login, the sign-up of a known
 * e-mail, a passkey): a new session (a new id and CSRF token: no fixation, decision 002), the
 * sign-in history row and new-browser alert (decision 071), and the §3 login info with its access
 * event. The answer carries the session's tokens, so it is never cached.
 */
export async function completeSignIn(
  acesso: AcessoDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  input: {
    usuarioId: number;
    produtoId: number;
    clienteId: number | null;
    /** The sign-in asked every factor the step-up would ask (decision 011). */
    reauthenticated: boolean;
    /** How the history names it. */
    historyType: SuccessfulSignIn;
    /** The access event's kind (§3). */
    eventType: string;
    /** What the route already read (the product it checked, the user's client links). */
    known?: KnownLoginParts;
  },
): Promise<{ session: { id: string; token: string }; info: LoginInfo }> {
  const { usuarioId, produtoId, clienteId } = input;
  const session = await request.session.start({ usuarioId, clienteId, produtoId, reauthenticated: input.reauthenticated });
  await recordSignIn(acesso.twofa, request, reply, { usuarioId, tipo: input.historyType });
  reply.header('Cache-Control', 'no-store');
  const info = await issueLoginInfo(acesso.db, {
    tipo: input.eventType,
    usuarioId,
    produtoId,
    clienteId,
    session,
    publicUrl: acesso.publicUrl,
    ...(input.known && { known: input.known }),
  });
  return { session, info };
}
