import { and, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import type { Database, Queryable } from '../db/database.ts';
import { glAcessoEvento, glSessao, glUsuario } from '../db/schema.ts';
import { paramsFor, placeholdersFor, preparedFor } from '../db/prepared.ts';
import { readKept } from '../db/kept-reads.ts';
import { hashToken, randomToken, safeEqual } from './tokens.ts';

export interface SessionRecord {
  id: string;
  usuarioId: number;
  clienteId: number | null;
  produtoId: number | null;
  /** The sign-in: the absolute lifetime counts from here. */
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  /** When the session last proved its user (sign-in with every factor asked, or step-up). */
  reauthenticatedAt: Date | null;
  /**
   * The signed-in person as the session lookup read them, in the same query: what
   * the guards and GET /api/sessao/web decide by. Absent on a session started in this request.
   */
  user?: SessionUser;
  /** What the route asked to read with the session (SessionLookupExtra), by its names. */
  extra?: Record<string, unknown>;
}

/**
 * More columns a route reads in the same query as its session (GET /api/sessao/web
 * answers from one query), each an SQL expression that may refer to gl_sessao's columns. `name`
 * names the prepared statement, one per distinct set of fields.
 */
export interface SessionLookupExtra {
  name: string;
  fields: Record<string, SQL>;
}

interface SessionUser {
  nome: string;
  /** Staff level (§6); null for customers. */
  nivel: number | null;
  ativo: boolean;
  senhaRevalidar: boolean;
}

/** Idle and absolute lifetimes (docs/decisions/002-sessions-and-csrf.md). */
export interface SessionLifetime {
  /** Idle: a session unused this long ends. */
  ttlMs: number;
  /** Absolute: a session ends this long after its sign-in, however active (OWASP ASVS 7.3.2). */
  absoluteTtlMs: number;
}

export interface SessionContext {
  usuarioId: number;
  clienteId?: number | null;
  produtoId?: number | null;
  ip?: string | null;
  userAgent?: string | null;
  /** The sign-in asked every factor the step-up would ask: the session starts "fresh". */
  reauthenticated?: boolean;
  /** A renewed session keeps its sign-in time (the absolute lifetime is not extended). */
  createdAt?: Date;
}

/**
 * A session row's last-seen time and sliding expiry are written at most this often, not on every
 * request: the idle expiry then counts from a use at most this long before the last
 * one, so a session may end up to this much early, never late.
 */
const TOUCH_INTERVAL_MS = 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cookie value of an authenticated session is "<row id>.<token>"; anything else is anonymous. */
export function parseSessionCookie(value: string | undefined): { id: string; token: string } | null {
  if (!value) return null;
  const dot = value.indexOf('.');
  if (dot < 0) return null;
  const id = value.slice(0, dot);
  const token = value.slice(dot + 1);
  return UUID.test(id) && token.length >= 32 ? { id, token } : null;
}

/** The idle expiry moved to `now`, never past the absolute end. */
function slidExpiry(createdAt: Date, now: Date, lifetime: SessionLifetime): Date {
  return new Date(
    Math.min(now.getTime() + lifetime.ttlMs, createdAt.getTime() + lifetime.absoluteTtlMs),
  );
}

export async function createSession(
  db: Queryable,
  context: SessionContext,
  lifetime: SessionLifetime,
  now = new Date(),
): Promise<{ id: string; token: string; tokenHash: string; cookieValue: string; expiresAt: Date }> {
  const token = randomToken();
  const tokenHash = hashToken(token);
  const createdAt = context.createdAt ?? now;
  const expiresAt = slidExpiry(createdAt, now, lifetime);
  const values = {
    token_hash: tokenHash,
    gl_usuario_id: context.usuarioId,
    gl_cliente_id: context.clienteId ?? null,
    gl_produto_id: context.produtoId ?? null,
    ip: context.ip ?? null,
    user_agent: context.userAgent?.slice(0, 400) ?? null,
    datahora_criado: createdAt,
    datahora_expira: expiresAt,
    datahora_ultimo_acesso: now,
    datahora_reautenticado: context.reauthenticated ? now : null,
  };
  const [row] = await preparedFor(db, 'session_insert', (handle, name) =>
    handle
      .insert(glSessao)
      .values(placeholdersFor(values))
      .returning({ id: glSessao.id })
      .prepare(name),
  ).execute(paramsFor(values));
  if (!row) throw new Error('session insert returned no row');
  return { id: row.id, token, tokenHash, cookieValue: `${row.id}.${token}`, expiresAt };
}

type Lookup = ReturnType<typeof prepareLookup>;

/** The lookup as a prepared statement (db/prepared.ts). */
function prepareLookup(db: Queryable, name: string, extra: SessionLookupExtra | undefined) {
  // The person by primary key, always: a LATERAL with a LIMIT is not flattened into a join, so
  // stale statistics of gl_sessao cannot turn it into a walk of every person (a merge join
  // priced as stopping at once; 130 ms a request with 200 000 people, issue 37).
  const usuario = db
    .select({
      nome: glUsuario.nome,
      nivel: glUsuario.nivel,
      ativo: glUsuario.ativo,
      senha_revalidar: glUsuario.senha_revalidar,
    })
    .from(glUsuario)
    .where(eq(glUsuario.id, glSessao.gl_usuario_id))
    .limit(1)
    .as('usuario');
  return db
    .select({
      id: glSessao.id,
      token_hash: glSessao.token_hash,
      gl_usuario_id: glSessao.gl_usuario_id,
      gl_cliente_id: glSessao.gl_cliente_id,
      gl_produto_id: glSessao.gl_produto_id,
      datahora_criado: glSessao.datahora_criado,
      datahora_expira: glSessao.datahora_expira,
      datahora_ultimo_acesso: glSessao.datahora_ultimo_acesso,
      datahora_reautenticado: glSessao.datahora_reautenticado,
      usuario_nome: usuario.nome,
      usuario_nivel: usuario.nivel,
      usuario_ativo: usuario.ativo,
      usuario_senha_revalidar: usuario.senha_revalidar,
      ...(extra && { extra: sql<Record<string, unknown>>`json_build_object(${sql.join(
        Object.entries(extra.fields).map(([name, field]) => sql`${name}::text, ${field}`),
        sql`, `,
      )})` }),
    })
    .from(glSessao)
    .innerJoinLateral(usuario, sql`true`)
    .where(
      and(
        eq(glSessao.id, sql.placeholder('id')),
        gt(glSessao.datahora_expira, sql.placeholder('now')),
        // Rows written before the absolute limit existed, or under a longer one, end too.
        gt(glSessao.datahora_criado, sql.placeholder('createdAfter')),
      ),
    )
    .prepare(name);
}

const lookupFor = (db: Queryable, extra: SessionLookupExtra | undefined): Lookup =>
  preparedFor(db, extra ? `session_lookup_${extra.name}` : 'session_lookup', (handle, name) =>
    prepareLookup(handle, name, extra),
  );

/**
 * The valid session a cookie names, with its user (and the route's extra fields), in one query,
 * or null; slides its idle expiry forward when due (at most once per TOUCH_INTERVAL_MS), never
 * past the absolute end.
 */
export async function findSession(
  db: Queryable,
  cookieValue: string | undefined,
  lifetime: SessionLifetime,
  now = new Date(),
  extra?: SessionLookupExtra,
): Promise<SessionRecord | null> {
  const parsed = parseSessionCookie(cookieValue);
  if (!parsed) return null;
  const createdAfter = new Date(now.getTime() - lifetime.absoluteTtlMs);
  const read = () =>
    lookupFor(db, extra)
      .execute({
        id: parsed.id,
        // Dates as the driver writes timestamptz parameters (a prepared statement skips the
        // column's own mapping).
        now: now.toISOString(),
        createdAfter: createdAfter.toISOString(),
      })
      .then((rows) => rows[0]);
  // Kept until the next change to what it reads (db/kept-reads.ts; decisions 091 and 094).
  const found = await readKept(db, 'session_lookup', `${extra?.name ?? ''} ${parsed.id}`, read);
  let row = found.row;
  // A kept row past its idle expiry is read again before it is refused: on PostgreSQL another
  // instance may have moved the expiry (that write is not announced: decision 094).
  if (row && found.kept && row.datahora_expira.getTime() <= now.getTime()) row = await read();
  // A kept row is checked against the lookup's own time conditions again.
  if (!row || row.datahora_expira.getTime() <= now.getTime() || row.datahora_criado.getTime() <= createdAfter.getTime()) {
    return null;
  }
  if (!safeEqual(row.token_hash, hashToken(parsed.token))) return null;
  const record: SessionRecord = {
    id: row.id,
    usuarioId: row.gl_usuario_id,
    clienteId: row.gl_cliente_id,
    produtoId: row.gl_produto_id,
    createdAt: row.datahora_criado,
    expiresAt: row.datahora_expira,
    lastSeenAt: row.datahora_ultimo_acesso,
    reauthenticatedAt: row.datahora_reautenticado,
    user: {
      nome: row.usuario_nome,
      nivel: row.usuario_nivel,
      ativo: row.usuario_ativo,
      senhaRevalidar: row.usuario_senha_revalidar,
    },
    ...('extra' in row && { extra: row.extra }),
  };
  if (now.getTime() - row.datahora_ultimo_acesso.getTime() >= TOUCH_INTERVAL_MS) {
    record.expiresAt = slidExpiry(row.datahora_criado, now, lifetime);
    record.lastSeenAt = now;
    await db
      .update(glSessao)
      .set({ datahora_expira: record.expiresAt, datahora_ultimo_acesso: now })
      .where(eq(glSessao.id, row.id));
  }
  return record;
}

export async function updateSessionContext(
  db: Queryable,
  sessionId: string,
  context: { clienteId?: number | null; produtoId?: number | null },
): Promise<void> {
  await db
    .update(glSessao)
    .set({
      ...(context.clienteId !== undefined && { gl_cliente_id: context.clienteId }),
      ...(context.produtoId !== undefined && { gl_produto_id: context.produtoId }),
    })
    .where(eq(glSessao.id, sessionId));
}

/**
 * The session proved its user again (the step-up, decision 011): a new id and token replace the
 * old ones (OWASP ASVS 7.2.4), marked freshly proven, with the same user, client, product and
 * sign-in time; the session's access events follow it. Returns the new cookie's parts.
 */
export async function renewSession(
  db: Database,
  old: SessionRecord,
  context: { ip: string | null; userAgent: string | null },
  lifetime: SessionLifetime,
  now = new Date(),
): Promise<Awaited<ReturnType<typeof createSession>>> {
  return db.transaction(async (tx) => {
    const created = await createSession(
      tx,
      {
        usuarioId: old.usuarioId,
        clienteId: old.clienteId,
        produtoId: old.produtoId,
        ip: context.ip,
        userAgent: context.userAgent,
        reauthenticated: true,
        createdAt: old.createdAt,
      },
      lifetime,
      now,
    );
    await tx
      .update(glAcessoEvento)
      .set({ gl_sessao_id: created.id })
      .where(eq(glAcessoEvento.gl_sessao_id, old.id));
    await deleteSession(tx, old.id);
    return created;
  });
}

/** The stored token hash of a live session, for checking the handoff token the product got (§3). */
export async function findSessionTokenHash(
  db: Queryable,
  sessionId: string,
  now = new Date(),
): Promise<string | null> {
  const [row] = await db
    .select({ token_hash: glSessao.token_hash })
    .from(glSessao)
    .where(and(eq(glSessao.id, sessionId), gt(glSessao.datahora_expira, now)));
  return row?.token_hash ?? null;
}

export async function deleteSession(db: Queryable, sessionId: string): Promise<void> {
  await db.delete(glSessao).where(eq(glSessao.id, sessionId));
}

/**
 * Ends every session of a user, optionally keeping the one making the change: after a password
 * reset or change, and when 2FA is turned on or off (docs/decisions/002-sessions-and-csrf.md).
 */
export async function deleteUserSessions(
  db: Queryable,
  usuarioId: number,
  options: { exceptSessionId?: string | null } = {},
): Promise<void> {
  const except = options.exceptSessionId;
  await db
    .delete(glSessao)
    .where(
      except
        ? and(eq(glSessao.gl_usuario_id, usuarioId), ne(glSessao.id, except))
        : eq(glSessao.gl_usuario_id, usuarioId),
    );
}
