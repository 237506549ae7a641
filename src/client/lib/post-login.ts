import { useCallback } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, type NavigateFunction } from 'react-router';
import type { LoginInfo } from '#shared/schemas/auth';
import { isLocalHostname as isLocalHost, parseHttpUrl } from '#shared/urls';
import { PRIVACY_PATH } from '#shared/privacy';
import type { PrivacyOverview } from '#shared/schemas/privacy';
import { pathTo } from '../paths';
import { apiGet, apiPost } from './api-client';
import { trustDestination } from './destination';
import { readLoginEvent, rememberLoginEvent, type LoginEventRef } from './login-event';
import { forgetInteraction, INTERACTION_PREFIX, pendingInteractionPath } from './oidc-interaction';
import { pageNavigation } from './navigation';
import { pendingInvitationPath } from './pending-invitation';
import { notify } from './notices';
import { queryClient } from './query-client';
import { sessionQuery, setSession, type SessionData } from './session';

/**
 * What happens after a sign-in (§4), in one place: the login screen, the resume from me.config
 * and me.twofa (origin=login), and later the account flows (selection, creation, new password)
 * all hand their login info here. It lives in lib rather than in features/auth because those
 * screens belong to other features, and features do not import each other.
 */

/** §4 "on localhost an intermediate redirect page is shown": this page's host, by default. */
export function isLocalHostname(hostname: string = pageNavigation.hostname()): boolean {
  return isLocalHost(hostname);
}

/**
 * A URL of this site as a router path ('/painel?x=1'), or null for another origin or a scheme
 * other than http(s). Lets a screen route inside the SPA when the server names one of our pages.
 */
export function sameOriginPath(url: string): string | null {
  const value = url.trim();
  if (!value) return null;
  const parsed = parseHttpUrl(value, window.location.origin);
  if (!parsed || parsed.origin !== window.location.origin) return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** Only http(s) URLs (or paths of this site) may be followed; see features/misc/utils/safe-url. */
export function isHttpUrl(url: string): boolean {
  return parseHttpUrl(url, window.location.origin) !== null;
}

/** 'manage': the 'Entrar & Gerenciar meus dados' button (§2 Login). */
export type LoginIntent = 'enter' | 'manage';

export type LoginDestination = { kind: 'app'; path: string } | { kind: 'page'; url: string };

export interface LoginRoutingOptions {
  /**
   * The welcome screen's own 'Continuar login': the person has seen it, so the routing goes on
   * to the product instead of showing it again.
   */
  skipWelcome?: boolean;
}

export const EVENT_INFO_PATH = '/api/acesso/evento_getInfo';

/** Texts of the accessurl_redirect page when a local run stops before the product (§4). */
export function redirectPageTexts(productName: string) {
  return {
    title: 'Login realizado',
    message: `Você entrou em ${productName}. Siga pelo botão abaixo para continuar.`,
    buttonLabel: `Acessar ${productName}`,
  };
}

export const RESUME_UNAVAILABLE_MESSAGE =
  'Não encontramos o login em andamento neste navegador. Entre novamente para continuar.';

/**
 * §4, in order: a password to renew first; then the settings menu when asked ('Entrar &
 * Gerenciar meus dados'); then an invitation to an account the person opened before signing in
 * (issue 41 item 3); then the client selection when several clients and none chosen yet;
 * then, when an application asked for the sign-in (OpenID Connect, decision 087), back to it;
 * then the welcome screen (cliente_direcionar_produto) when the chosen client has no contract on
 * the product, i.e. a new account (docs/decisions/017-sign-up.md); else the product's url,
 * through the redirect page on localhost.
 */
export function loginDestination(
  info: LoginInfo,
  intent: LoginIntent = 'enter',
  hostname: string = pageNavigation.hostname(),
  { skipWelcome = false }: LoginRoutingOptions = {},
): LoginDestination {
  const pid = info.produto.id;
  if (info.senha_revalidar) return { kind: 'app', path: pathTo('conta_criar_senha', { pid }) };
  if (intent === 'manage') {
    return { kind: 'app', path: pathTo('me.config', {}, { origin: 'login', pid }) };
  }
  // An invitation opened before the sign-in (issue 41 item 3): back to it, to accept it there.
  const invitation = pendingInvitationPath();
  if (invitation) return { kind: 'app', path: invitation };
  // A login info that already names a client (after a selection) goes on to the product.
  if (!info.cliente && info.clientes.length > 1) {
    return { kind: 'app', path: pathTo('conta_selecionar', { pid }) };
  }
  // An application asked for this sign-in (OpenID Connect, decision 087): back to it.
  const interaction = pendingInteractionPath();
  if (interaction) return { kind: 'page', url: interaction };
  if (info.cliente && !info.contrato_ultimo && !skipWelcome) {
    return { kind: 'app', path: pathTo('cliente_direcionar_produto', { pid }) };
  }
  const url = info.url?.trim() ?? '';
  // Without a usable url there is nowhere to leave for: the portal's own panel.
  if (!url || !isHttpUrl(url)) return { kind: 'app', path: pathTo('dashboard') };
  if (isLocalHostname(hostname)) {
    return {
      kind: 'app',
      path: pathTo('accessurl_redirect', {}, { url, ...redirectPageTexts(info.produto.nome) }),
    };
  }
  return { kind: 'page', url };
}

/** The session as the login info describes it (GET /api/sessao/web fills in the rest). */
export function sessionFromLoginInfo(
  info: LoginInfo,
): Partial<SessionData> & Pick<SessionData, 'usuario'> {
  const levels = [info.usuario.nivel, info.clienteUsuario_nivel].filter(
    (level): level is number => typeof level === 'number',
  );
  return {
    usuario: {
      id: info.usuario.id,
      nome: info.usuario.nome,
      nivel: levels.length > 0 ? Math.min(...levels) : null,
    },
    clienteUsuario_nivel: info.clienteUsuario_nivel,
    cliente: info.cliente
      ? {
          id: info.cliente.id,
          nome_fantasia: info.cliente.nome_fantasia ?? info.cliente.razao_social,
          razao_social: info.cliente.razao_social,
          fatura_token: null,
        }
      : null,
    produto: {
      id: info.produto.id,
      nome: info.produto.nome,
      logo_url: info.produto.logo_url,
      cadastro_usuario_inativo: info.produto.cadastro_usuario_inativo,
    },
    contrato: info.contrato_ultimo,
    contrato_evento_aberto: info.contrato_evento_aberto,
  };
}

/**
 * Records a fresh login: the session context learns the new identity (so the next check is no
 * "takeover", §4), the event is kept for resuming, and the session is fetched again for what the
 * login info does not carry (the invoice token, the active contract).
 */
export function applyLoginInfo(info: LoginInfo): void {
  setSession(sessionFromLoginInfo(info));
  rememberLoginEvent({
    evento_id: info.evento.id,
    evento_token: info.evento.token,
    pid: info.produto.id,
  });
  void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
}

/**
 * What a sign-in shows before the §4 routing (issue 19): new versions of the legal pages to
 * accept, or the person's scheduled deletion, which they may cancel. Answers that screen's path
 * (me.privacidade, whose 'Prosseguir com o Login' resumes the routing), or null. A check that
 * fails lets the sign-in go on: the screen stays reachable from the settings.
 */
export async function privacyCheckpoint(pid: number): Promise<string | null> {
  try {
    const overview = await apiGet<PrivacyOverview>(PRIVACY_PATH);
    if (overview.termos_pendentes.length === 0 && !overview.exclusao) return null;
    return pathTo('me.privacidade', {}, { origin: 'login', pid });
  } catch {
    return null;
  }
}

/** Goes where `loginDestination` says: a route of the SPA, or another page. */
export function followLoginDestination(
  info: LoginInfo,
  intent: LoginIntent,
  navigate: NavigateFunction,
  options: LoginRoutingOptions = {},
): void {
  const destination = loginDestination(info, intent, pageNavigation.hostname(), options);
  // The product's url comes from the server: the redirect page need not ask about it (041).
  if (info.url) trustDestination(info.url);
  if (destination.kind === 'app') void navigate(destination.path);
  else {
    // An application's sign-in is finished once: a later sign-in in this tab goes to the product.
    if (destination.url.startsWith(INTERACTION_PREFIX)) forgetInteraction();
    pageNavigation.load(destination.url);
  }
}

export function usePostLoginRouting() {
  const navigate = useNavigate();
  return useCallback(
    (info: LoginInfo, intent: LoginIntent = 'enter', options: LoginRoutingOptions = {}) =>
      followLoginDestination(info, intent, navigate, options),
    [navigate],
  );
}

export function fetchEventInfo(ref: Pick<LoginEventRef, 'evento_id' | 'evento_token'>) {
  return apiPost<LoginInfo>(EVENT_INFO_PATH, {
    evento_id: ref.evento_id,
    evento_token: ref.evento_token,
  });
}

/**
 * 'Prosseguir com o Login' (me.config, me.twofa with origin=login) and the welcome screen's
 * 'Continuar login': asks the server for the remembered event's login info and runs the same
 * routing. Without a remembered event (another tab, storage off) the person is sent to the
 * login of the product.
 */
export function useResumeLogin(fallbackPid: number, options: LoginRoutingOptions = {}) {
  const navigate = useNavigate();
  const route = usePostLoginRouting();
  const mutation = useMutation({
    mutationFn: fetchEventInfo,
    onSuccess: (info) => {
      applyLoginInfo(info);
      route(info, 'enter', options);
    },
  });
  const resume = () => {
    const ref = readLoginEvent();
    if (!ref) {
      notify('warning', RESUME_UNAVAILABLE_MESSAGE);
      void navigate(pathTo('login', { pid: fallbackPid }));
      return;
    }
    mutation.mutate(ref);
  };
  // Stays busy after success too: the page is about to change.
  return { resume, isPending: mutation.isPending || mutation.isSuccess };
}
