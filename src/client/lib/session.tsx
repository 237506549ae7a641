import { useEffect, useState, type ReactNode } from 'react';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router';
import { MESSAGES } from '#shared/messages';
import type { OpenPlanChange } from '#shared/schemas/plans';
import { DEFAULT_PRODUCT_ID, pathTo } from '../paths';
import { PageLoading } from '../components/page-loading';
import { apiPost, apiRequest, SESSION_REDIRECT_DELAY_MS } from './api-client';
import { forgetLoginEvent } from './login-event';
import { pageNavigation, redirectHome } from './navigation';
import { notify } from './notices';
import { queryClient } from './query-client';
import { LoadError } from '../components/load-error';

/** §3 Session entity, as GET /api/sessao/web returns it. */
export interface SessionUser {
  id: number;
  nome: string;
  /** The stronger (lower, §6) of the staff level and the level in the client; null for neither. */
  nivel: number | null;
}
export interface SessionClient {
  id: number;
  nome_fantasia: string;
  razao_social: string;
  /**
   * The client's invoice-list token (§6: /cliente/{token}/fatura). Null between a login flow's
   * `setSession` (the login info does not carry it) and the next session answer, and for staff
   * with no link to the client (decision 030).
   */
  fatura_token: string | null;
}
interface SessionProduct {
  id: number;
  nome: string;
  logo_url: string | null;
  cadastro_usuario_inativo: boolean;
}
/** The active contract of the client on the product (docs/decisions/004). */
export interface SessionContract {
  id: number;
  /** Calendar dates, 'YYYY-MM-DD'. */
  periodo_inicio: string;
  periodo_fim: string;
  plano: { id: number; nome_exibicao: string };
  /**
   * The payment option it is billed by (an addition to §3's session; issue 38). Absent in the
   * login info's contrato_ultimo, which stands in until the session is fetched again.
   */
  plano_pagamento_id?: number;
}

export interface SessionData {
  usuario: SessionUser | null;
  cliente: SessionClient | null;
  /**
   * The person's level in `cliente` by their client-user link (§3 clienteUsuario_nivel), null
   * without one. Customer screens decide by it, as the customer routes do (decision 030): a
   * staff level gives no customer powers.
   */
  clienteUsuario_nivel: number | null;
  produto: SessionProduct | null;
  contrato: SessionContract | null;
  /** The contract's pending plan change (§3 contrato_evento_aberto; decision 020). */
  contrato_evento_aberto: OpenPlanChange | null;
  env_production: boolean;
}

type SessionStatus = 'loading' | 'anonymous' | 'authenticated';

export interface SessionState {
  status: SessionStatus;
  usuario: SessionUser | null;
  cliente: SessionClient | null;
  clienteUsuario_nivel: number | null;
  produto: SessionProduct | null;
  contrato: SessionContract | null;
  contrato_evento_aberto: OpenPlanChange | null;
  refresh: () => Promise<void>;
}

const SESSION_PATH = '/api/sessao/web';
const LOGOUT_PATH = '/api/acesso/logout';
/** §9: re-check every 300 s, and on window activation when more than 300 s have passed. */
const SESSION_RECHECK_MS = 300_000;

const ANONYMOUS: SessionData = {
  usuario: null,
  cliente: null,
  clienteUsuario_nivel: null,
  produto: null,
  contrato: null,
  contrato_evento_aberto: null,
  env_production: false,
};

interface Identity {
  usuario: number;
  cliente: number | null;
  produto: number | null;
}

/**
 * §4: the user, client and product of the first signed-in answer (or of the last login flow,
 * through `setSession`). A later answer naming others means the session was taken over, e.g. by
 * a login in another tab. Kept outside the query cache so a refetch cannot overwrite it.
 */
let storedIdentity: Identity | null = null;

function identityOf(session: SessionData): Identity | null {
  if (!session.usuario) return null;
  return {
    usuario: session.usuario.id,
    cliente: session.cliente?.id ?? null,
    produto: session.produto?.id ?? null,
  };
}

function sameIdentity(a: Identity, b: Identity): boolean {
  return a.usuario === b.usuario && a.cliente === b.cliente && a.produto === b.produto;
}

async function fetchSession(signal: AbortSignal): Promise<SessionData> {
  // An anonymous visitor gets envelope status 400 'Sessão expirada.': a normal state here, not
  // the §8 "session expired" error, so no notice and no redirect on public screens.
  const envelope = await apiRequest<Partial<SessionData> | null>('GET', SESSION_PATH, undefined, {
    signal,
    acceptBodyStatus: [400],
  });
  const session: SessionData = { ...ANONYMOUS, ...envelope.data };
  if (envelope.status !== 200 || !session.usuario) {
    return { ...ANONYMOUS, env_production: session.env_production };
  }
  const identity = identityOf(session);
  if (identity) {
    if (!storedIdentity) {
      storedIdentity = identity;
    } else if (!sameIdentity(storedIdentity, identity)) {
      notify('warning', MESSAGES.sessionChanged);
      redirectHome(SESSION_REDIRECT_DELAY_MS);
    }
  }
  return session;
}

export const sessionQuery = queryOptions({
  queryKey: ['session', 'web'] as const,
  queryFn: ({ signal }) => fetchSession(signal),
  // staleTime + refetchOnWindowFocus: on activation, a refetch only when the answer is older
  // than 300 s (§9); refetchInterval gives the periodic check.
  staleTime: SESSION_RECHECK_MS,
  refetchInterval: SESSION_RECHECK_MS,
  refetchOnWindowFocus: true,
});

function useSessionQuery() {
  return useQuery(sessionQuery);
}

export function useSession(): SessionState {
  const query = useSessionQuery();
  const data = query.data ?? ANONYMOUS;
  const { refetch } = query;
  let status: SessionStatus = 'anonymous';
  if (query.isPending) status = 'loading';
  else if (data.usuario) status = 'authenticated';
  return {
    status,
    usuario: data.usuario,
    cliente: data.cliente,
    clienteUsuario_nivel: data.clienteUsuario_nivel,
    produto: data.produto,
    contrato: data.contrato,
    contrato_evento_aberto: data.contrato_evento_aberto,
    refresh: async () => {
      await refetch();
    },
  };
}

/**
 * For login flows (login, account selection, account creation): records who is now signed in,
 * so the next session check does not take the change for a takeover (§4).
 */
export function setSession(session: Partial<SessionData> & Pick<SessionData, 'usuario'>): void {
  const current = queryClient.getQueryData(sessionQuery.queryKey) ?? ANONYMOUS;
  const next: SessionData = { ...current, ...session };
  storedIdentity = identityOf(next);
  queryClient.setQueryData(sessionQuery.queryKey, next);
}

/** Forgets the signed-in identity (tests reset the app with it between cases). */
export function clearSession(): void {
  storedIdentity = null;
  queryClient.setQueryData(sessionQuery.queryKey, ANONYMOUS);
}

/** §7: the notice screen sends its event and session tokens; elsewhere nothing. */
export interface LogoutPayload {
  evento_id?: string | number;
  evento_token?: string;
  sessao_id?: string | number;
  sessao_token?: string;
}

/**
 * POST /api/acesso/logout, then the login of the product (a full load, so nothing of the
 * previous user stays in memory). Failures go to the §8 handler and the user stays; a screen
 * that must only log them (§8, the notice screen) passes `silentErrors`.
 */
export function useLogout(pid?: number, { silentErrors = false } = {}) {
  const { produto } = useSession();
  const productId = pid ?? produto?.id ?? DEFAULT_PRODUCT_ID;
  return useMutation({
    mutationFn: (payload: LogoutPayload = {}) => apiPost<unknown>(LOGOUT_PATH, payload),
    meta: { silentErrors },
    onSuccess: () => {
      // No in-memory "signed out" state before the full load: rendering the screen as a
      // visitor for a moment would show 'Usuário não logado.' and route home first.
      // The event's token must not outlive the session it belonged to.
      forgetLoginEvent();
      pageNavigation.load(pathTo('login', { pid: productId }));
    },
  });
}

/**
 * Route wrapper for signed-in screens (me.*, dashboard). A visitor gets 'Usuário não logado.'
 * and goes home (§8); someone whose session ended while here gets the §8 expiry message and the
 * page reloads at home after 3 s.
 */
export function RequireSession({ children }: { children?: ReactNode }) {
  const query = useSessionQuery();
  if (query.isPending) return <PageLoading />;
  if (query.isError && !query.data)
    return <SessionCheckFailed onRetry={() => void query.refetch()} />;
  if (!query.data?.usuario) return <SessionRequired />;
  return children ?? <Outlet />;
}

function SessionRequired() {
  // Read once: whether this tab had a signed-in identity when the session went away.
  const [hadSession] = useState(() => storedIdentity !== null);
  useEffect(() => {
    if (hadSession) {
      notify('warning', MESSAGES.sessionExpiredRedirect);
      redirectHome(SESSION_REDIRECT_DELAY_MS);
    } else {
      notify('warning', MESSAGES.notLoggedIn);
    }
  }, [hadSession]);
  if (hadSession) return <PageLoading />;
  return <Navigate to="/" replace />;
}

function SessionCheckFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="my-4">
      <LoadError message={MESSAGES.pageError} onRetry={onRetry} />
    </div>
  );
}
