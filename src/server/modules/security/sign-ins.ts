import { and, eq, lt, sql } from 'drizzle-orm';
import { SIGN_IN_HISTORY_SIZE, type SignInEvent, type SignInType } from '#shared/schemas/security';
import type { Database, Queryable } from '../../platform/db/database.ts';
import type { CookieToSet } from '../../platform/http/cookies.ts';
import { preparedFor } from '../../platform/db/prepared.ts';
import { glUsuario, glUsuarioAcesso, glUsuarioNavegador } from '../../platform/db/schema.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { newBrowserMail } from './mails.ts';
import { hashToken, randomToken } from '../../platform/session/tokens.ts';
import { describeUserAgent } from './user-agent.ts';
import { deleteInBatches } from '../../platform/db/batch-delete.ts';
import { newestFirst } from '../../platform/db/newest-first.ts';

/**
 * Sign-in history and new-browser alerts (docs/decisions/071-sign-in-history-and-alerts.md).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The history is kept this long (decision 071). */
const SIGN_IN_HISTORY_KEEP_MS = 180 * DAY_MS;
/**
 * The browser cookie lives this long (the most browsers keep a cookie); a browser unseen for as
 * long is forgotten by the housekeeping job.
 */
const BROWSER_KEEP_MS = 400 * DAY_MS;

/** Names the browser among the person's known ones: a 256-bit token, only its hash is stored. */
export const BROWSER_COOKIE = 'portal_navegador';

const USER_AGENT_MAX = 400;

export type SuccessfulSignIn = Extract<SignInType, 'sucesso' | 'evento' | 'chave_acesso'>;
export type RefusedSignIn = Extract<
  SignInType,
  'senha_incorreta' | 'codigo_incorreto' | 'bloqueado'
>;

/** What recording a sign-in needs: the database, the alert's links and the cookie's flag. */
export interface SignInHistoryDeps {
  db: Database;
  /** PROVIDER_NAME, for the e-mail. */
  issuer: string;
  publicUrl: string;
  secureCookies: boolean;
}

function browserToken(value: string | undefined): string | null {
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}


/** A refused attempt on a known account: wrong password or code, or refused by the throttle. */
export async function recordRefusedSignIn(
  db: Queryable,
  input: {
    usuarioId: number;
    tipo: RefusedSignIn;
    ip: string;
    userAgent?: string | null | undefined;
  },
  now = new Date(),
): Promise<void> {
  await db.insert(glUsuarioAcesso).values({
    gl_usuario_id: input.usuarioId,
    tipo: input.tipo,
    ip: input.ip,
    user_agent: input.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    datahora_criado: now,
  });
}

/**
 * The history row, and the browser's last use when the person knows it, in one prepared statement
 * (issue 15): answers the browser's row, none when the browser is new to them.
 */
const knownBrowserStatement = (db: Queryable) =>
  preparedFor(db, 'sign_in_known_browser', (handle, name) => {
    const param = (key: string) => sql.placeholder(key);
    const historico = handle.$with('historico', {}).as(sql`
      insert into ${glUsuarioAcesso} (gl_usuario_id, tipo, ip, user_agent, datahora_criado)
      values (${param('usuarioId')}, ${param('tipo')}, ${param('ip')}, ${param('userAgent')}, ${param('at')}::timestamptz)`);
    return handle
      .with(historico)
      .update(glUsuarioNavegador)
      .set({
        user_agent: sql`${param('userAgent')}`,
        datahora_ultimo_acesso: sql`${param('at')}::timestamptz`,
        datahora_modificado: sql`${param('at')}::timestamptz`,
      })
      .where(
        and(
          eq(glUsuarioNavegador.gl_usuario_id, sql`${param('usuarioId')}`),
          eq(glUsuarioNavegador.token_hash, sql`${param('tokenHash')}`),
        ),
      )
      .returning({ id: glUsuarioNavegador.id })
      .prepare(name);
  });

/**
 * A sign-in that opened a session: recorded in the history, and when this browser is not yet one
 * of the person's (no `portal_navegador` cookie, or one they never signed in with) the person is
 * told by e-mail, through the outbox, in the same transaction as the browser's row. "New" is
 * decided by the unique (user, token hash) pair: of two sign-ins racing from one new browser, one
 * alerts. A known browser, the usual case, costs one statement (issue 15). Answers the browser
 * cookie for the route to set: the step reads and writes no HTTP object.
 */
export async function recordSignIn(
  deps: SignInHistoryDeps,
  input: {
    usuarioId: number;
    tipo: SuccessfulSignIn;
    ip: string;
    userAgent: string | null | undefined;
    /** The `portal_navegador` cookie the browser sent. */
    browserCookie: string | undefined;
  },
  now = new Date(),
): Promise<{ browserCookie: CookieToSet }> {
  const token = browserToken(input.browserCookie) ?? randomToken();
  const userAgent = input.userAgent?.slice(0, USER_AGENT_MAX) ?? null;
  const known = { gl_usuario_id: input.usuarioId, token_hash: hashToken(token) };
  const seen = await knownBrowserStatement(deps.db).execute({
    usuarioId: input.usuarioId,
    tipo: input.tipo,
    ip: input.ip,
    userAgent,
    at: now.toISOString(),
    tokenHash: known.token_hash,
  });
  if (seen.length === 0) {
    await deps.db.transaction(async (tx) => {
      const added = await tx
        .insert(glUsuarioNavegador)
        .values({ ...known, user_agent: userAgent, datahora_ultimo_acesso: now })
        .onConflictDoNothing()
        .returning({ id: glUsuarioNavegador.id });
      if (added.length === 0) return;
      const [user] = await tx
        .select({ nome: glUsuario.nome, email: glUsuario.email })
        .from(glUsuario)
        .where(eq(glUsuario.id, input.usuarioId));
      if (!user) return;
      const base = `${deps.publicUrl}/`;
      const mail = newBrowserMail({
        providerName: deps.issuer,
        nome: user.nome,
        quando: now,
        ...describeUserAgent(userAgent),
        ip: input.ip,
        sessionsUrl: new URL('/me/seguranca#sessoes', base).toString(),
        passwordUrl: new URL('/me/meusdados', base).toString(),
      });
      await enqueueMail(tx, { to: user.email, ...mail });
    });
  }
  // Set (again) at every sign-in, so a browser in use keeps being recognised.
  return {
    browserCookie: {
      name: BROWSER_COOKIE,
      value: token,
      options: {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.secureCookies,
        maxAge: BROWSER_KEEP_MS / 1000,
      },
    },
  };
}

/**
 * The person's last sign-in events, newest first, read from their index in its order (a person
 * attacked for months has thousands of rows; issue 37).
 */
export function signInsQuery(db: Queryable, usuarioId: number) {
  return db
    .select({
      id: glUsuarioAcesso.id,
      tipo: glUsuarioAcesso.tipo,
      datahora_criado: glUsuarioAcesso.datahora_criado,
      ip: glUsuarioAcesso.ip,
      user_agent: glUsuarioAcesso.user_agent,
    })
    .from(glUsuarioAcesso)
    .where(eq(glUsuarioAcesso.gl_usuario_id, usuarioId))
    .orderBy(newestFirst(glUsuarioAcesso.datahora_criado), newestFirst(glUsuarioAcesso.id))
    .limit(SIGN_IN_HISTORY_SIZE);
}

/** The person's last sign-in events, newest first. */
export async function listSignIns(db: Queryable, usuarioId: number): Promise<SignInEvent[]> {
  const rows = await signInsQuery(db, usuarioId);
  return rows.map(({ user_agent, ...row }) => ({
    ...row,
    tipo: row.tipo as SignInType,
    datahora_criado: row.datahora_criado.toISOString(),
    ...describeUserAgent(user_agent),
  }));
}

/** Housekeeping: history older than 180 days, browsers unseen for 400 days. */
export async function purgeOldSignIns(
  db: Queryable,
  now = new Date(),
): Promise<{ signIns: number; browsers: number }> {
  const signIns = await deleteInBatches(
    db,
    glUsuarioAcesso,
    glUsuarioAcesso.id,
    lt(glUsuarioAcesso.datahora_criado, new Date(now.getTime() - SIGN_IN_HISTORY_KEEP_MS)),
  );
  const browsers = await deleteInBatches(
    db,
    glUsuarioNavegador,
    glUsuarioNavegador.id,
    lt(glUsuarioNavegador.datahora_ultimo_acesso, new Date(now.getTime() - BROWSER_KEEP_MS)),
  );
  return { signIns, browsers };
}
