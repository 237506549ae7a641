import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/database.ts';
import { paramsFor, placeholdersFor, preparedFor } from '../../platform/db/prepared.ts';
import { glAcessoEvento, glSessao } from '../../platform/db/schema.ts';
import { hashToken, randomToken, safeEqual } from '../../platform/session/tokens.ts';
import { findUserById } from './queries.ts';

// Access events (evento_id + evento_token, §3)

/**
 * §3/§4: an access event confirms a login for this long (docs/decisions/015): long enough for
 * the product to send the person to e.login right after the handoff, short enough that a token
 * read from a browser's history is already dead.
 */
const LOGIN_EVENT_TTL_MS = 10 * 60 * 1000;

/** What an access event names: its kind, the person, the product, the client and the session. */
export interface AccessEventInput {
  tipo: string;
  usuarioId: number;
  produtoId: number;
  clienteId: number | null;
  sessaoId: string;
}

/**
 * An access event of a session (docs/decisions/015): it names the sign-in to the product, lets
 * that session's own SPA ask its login info again, and confirms one event login within
 * LOGIN_EVENT_TTL_MS. It dies with its session (logout, expiry, a password or 2FA change).
 */
export async function createAccessEvent(
  db: Queryable,
  input: AccessEventInput,
  now = new Date(),
): Promise<{ id: number; token: string }> {
  const token = randomToken();
  const values = {
    token_hash: hashToken(token),
    tipo: input.tipo,
    gl_usuario_id: input.usuarioId,
    gl_produto_id: input.produtoId,
    gl_cliente_id: input.clienteId,
    gl_sessao_id: input.sessaoId,
    datahora_criado: now,
    datahora_expira: new Date(now.getTime() + LOGIN_EVENT_TTL_MS),
  };
  const [row] = await preparedFor(db, 'access_event_insert', (handle, name) =>
    handle
      .insert(glAcessoEvento)
      .values(placeholdersFor(values))
      .returning({ id: glAcessoEvento.id })
      .prepare(name),
  ).execute(paramsFor(values));
  if (!row) throw new Error('event insert returned no row');
  return { id: row.id, token };
}

/**
 * The event whose token matches, with its session still alive, or null (the caller says nothing
 * more, §3). Whether it may still confirm a login is `usableForLogin`.
 */
export async function findLiveEvent(
  db: Queryable,
  ref: { id: number; token: string },
  now = new Date(),
) {
  const [event] = await db
    .select({
      id: glAcessoEvento.id,
      token_hash: glAcessoEvento.token_hash,
      tipo: glAcessoEvento.tipo,
      gl_usuario_id: glAcessoEvento.gl_usuario_id,
      gl_produto_id: glAcessoEvento.gl_produto_id,
      gl_cliente_id: glAcessoEvento.gl_cliente_id,
      gl_sessao_id: glAcessoEvento.gl_sessao_id,
      datahora_expira: glAcessoEvento.datahora_expira,
      datahora_usado: glAcessoEvento.datahora_usado,
    })
    .from(glAcessoEvento)
    .innerJoin(glSessao, eq(glSessao.id, glAcessoEvento.gl_sessao_id))
    .where(and(eq(glAcessoEvento.id, ref.id), sql`${glSessao.datahora_expira} > ${now.toISOString()}::timestamptz`));
  if (!event || !safeEqual(event.token_hash, hashToken(ref.token))) return null;
  return {
    ...event,
    usableForLogin: event.datahora_usado === null && event.datahora_expira > now,
  };
}

/**
 * Uses an event up as a login confirmation: of concurrent confirmations exactly one gets true
 * (the conditional update decides).
 */
export async function consumeEventForLogin(db: Queryable, eventId: number, now = new Date()): Promise<boolean> {
  const used = await db
    .update(glAcessoEvento)
    .set({ datahora_usado: now })
    .where(
      and(
        eq(glAcessoEvento.id, eventId),
        isNull(glAcessoEvento.datahora_usado),
        sql`${glAcessoEvento.datahora_expira} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: glAcessoEvento.id });
  return used.length === 1;
}

/** The event user's e-mail, for the throttle key of an event login. */
export async function eventUserEmail(db: Queryable, usuarioId: number): Promise<string | null> {
  return (await findUserById(db, usuarioId))?.email ?? null;
}

/**
 * Where an event login may send the browser: a path of this site ('/...', never '//...' or
 * anything a browser could read as another host) or exactly the product's url; anything else
 * becomes the product's url (no open redirect).
 */
export function safeRedirect(
  to: string | null | undefined,
  productUrl: string,
  publicUrl: string,
): string {
  if (!to) return productUrl;
  if (to === productUrl) return to;
  // Browsers read '\' as '/' and drop tabs and newlines: '/\evil' and '/\t/evil' are other hosts.
  // eslint-disable-next-line no-control-regex
  if (!to.startsWith('/') || to.startsWith('//') || /[\u0000-\u0020\u007f\\]/.test(to))
    return productUrl;
  const origin = new URL(publicUrl).origin;
  return new URL(to, origin).origin === origin ? to : productUrl;
}
