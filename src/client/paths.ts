/**
 * Every route of the SPA by the specification's route name (§2), and a typed path builder.
 * The names are the seed's to the letter; `dashboard`, `landing` and the two legal documents
 * the sign-up links to (docs/decisions/017-sign-up.md) are our choice (the seed shows none).
 */
export const ROUTES = {
  planos_produto: '/produto/:pid/planos',
  'me.config': '/me/config',
  'me.meusdados': '/me/meusdados',
  'me.twofa': '/me/twofa',
  /** The account security center (ours, docs/decisions/070-active-sessions.md). */
  'me.seguranca': '/me/seguranca',
  'me.privacidade': '/me/privacidade',
  planoMudanca_sucesso: '/produto/:pid/planoMudancaSucesso',
  /** The client's own data (ours, issue 41 item 2). */
  dados_empresa: '/conta/empresa',
  /** The account's people and invitations (ours, issue 41 item 3). */
  pessoas_conta: '/conta/pessoas',
  /** An invitation's e-mailed link, signed in or not (ours, issue 41 item 3). */
  convite: '/convite/:token',
  /** Cancelling the subscription online (ours, issue 41). */
  cancelamento: '/produto/:pid/cancelamento',
  login: '/login/:pid',
  'e.login': '/e/login',
  accessurl_redirect: '/a/redirect',
  conta_criar: '/login/:pid/conta_criar',
  conta_criar_logado: '/login/:pid/conta_criar/logado',
  validar_email: '/login/:pid/conta_criar/email',
  conta_selecionar: '/login/:pid/conta_selecionar',
  /** A partner application's consent screen (ours, decision 097). */
  autorizar_aplicativo: '/login/:pid/autorizar_aplicativo',
  conta_criar_senha: '/login/:pid/conta_criar_senha',
  cliente_direcionar_produto: '/login/:pid/direcionar_produto',
  recuperar_email: '/login/recuperar_email/:pid',
  recuperar_token: '/login/recuperar_token/:token',
  'fatura.emitidaAviso': '/fatura/faturaEmitida/:token',
  'cliente.fatura.index': '/cliente/:token/fatura',
  dashboard: '/painel',
  landing: '/em-breve',
  termos_uso: '/termos-de-uso',
  politica_privacidade: '/politica-de-privacidade',
  /** The staff area (decision 031); its own screens are routed inside features/admin. */
  admin: '/admin',
} as const;

/** §2 and §9: '/' goes to the login of product 1. */
export const DEFAULT_PRODUCT_ID = 1;

/** A product id from a route parameter: only a positive integer is one, anything else is null. */
export function parsePid(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const pid = Number(raw);
  return pid > 0 ? pid : null;
}

export type RouteName = keyof typeof ROUTES;

type ParamNames<Pattern extends string> = Pattern extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : Pattern extends `${string}:${infer Param}`
    ? Param
    : never;

type RouteParams<Name extends RouteName> = {
  [Key in ParamNames<(typeof ROUTES)[Name]>]: string | number;
};

type QueryValue = string | number | boolean | null | undefined;
type RouteQuery = Record<string, QueryValue>;

/** Routes without parameters take no params object (or an empty one). */
type PathToArgs<Name extends RouteName> = [ParamNames<(typeof ROUTES)[Name]>] extends [never]
  ? [params?: Record<string, never>, query?: RouteQuery]
  : [params: RouteParams<Name>, query?: RouteQuery];

/**
 * Builds the path of a named route: `pathTo('login', { pid: 1 })` → '/login/1'.
 * Parameters are URL-encoded; query values that are null or undefined are left out.
 */
export function pathTo<Name extends RouteName>(name: Name, ...args: PathToArgs<Name>): string {
  const [params, query] = args;
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  const path = ROUTES[name].replace(/:([A-Za-z_]+)/g, (_match, key: string) => {
    const value = values[key];
    if (value === undefined || value === '') {
      throw new Error(`pathTo('${name}'): parâmetro "${key}" ausente.`);
    }
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) search.append(key, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}
