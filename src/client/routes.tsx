import { redirect, type RouteObject } from 'react-router';
import { AppLayout } from './components/app-layout';
import { PageLoading } from './components/page-loading';
import { RouteError } from './components/route-error';
import { loadCode } from './lib/code-loading';
import { RequireSession } from './lib/session';
import { DEFAULT_PRODUCT_ID, parsePid, pathTo, ROUTES } from './paths';
import { queryClient } from './lib/query-client';
import { prefetchPlansPage } from './features/plans/api/get-plans';

/**
 * Every screen of the SPA (§2). Each screen is loaded on demand, so the first page only
 * downloads its own code. Signed-in screens (me.*, dashboard) sit under RequireSession; the
 * seed lets conta_criar_logado, conta_selecionar and conta_criar_senha work without the
 * standard login redirect, so those are not wrapped.
 */
const screens: RouteObject[] = [
  {
    Component: AppLayout,
    children: [
      {
        // Inside the layout, so the navigation and footer stay while a screen loads or fails.
        ErrorBoundary: RouteError,
        HydrateFallback: PageLoading,
        children: [
          {
            path: '/',
            loader: () => redirect(pathTo('login', { pid: DEFAULT_PRODUCT_ID })),
            // Never seen (the loader redirects first); a leaf route needs something to render.
            Component: PageLoading,
          },
          {
            path: ROUTES.landing,
            lazy: async () => ({
              Component: (await import('./features/misc/components/landing-page')).LandingPage,
            }),
          },
          {
            path: ROUTES.accessurl_redirect,
            lazy: async () => ({
              Component: (await import('./features/misc/components/access-url-redirect-page'))
                .AccessUrlRedirectPage,
            }),
          },

          // legal documents the sign-up links to (docs/decisions/017-sign-up.md)
          {
            path: ROUTES.termos_uso,
            lazy: async () => ({
              Component: (await import('./features/legal/components/terms-page')).TermsPage,
            }),
          },
          {
            path: ROUTES.politica_privacidade,
            lazy: async () => ({
              Component: (await import('./features/legal/components/privacy-page')).PrivacyPage,
            }),
          },

          // auth
          {
            path: ROUTES.login,
            lazy: async () => ({
              Component: (await import('./features/auth/components/login-page')).LoginPage,
            }),
          },
          {
            path: ROUTES['e.login'],
            lazy: async () => ({
              Component: (await import('./features/auth/components/event-login-page'))
                .EventLoginPage,
            }),
          },
          {
            path: ROUTES.recuperar_email,
            lazy: async () => ({
              Component: (await import('./features/auth/components/recover-email-page'))
                .RecoverEmailPage,
            }),
          },
          {
            path: ROUTES.recuperar_token,
            lazy: async () => ({
              Component: (await import('./features/auth/components/recover-token-page'))
                .RecoverTokenPage,
            }),
          },

          // account
          {
            // An invitation's link (issue 41 item 3): a visitor signs up or signs in from it.
            path: ROUTES.convite,
            lazy: async () => ({
              Component: (await import('./features/people/components/invitation-page')).InvitationPage,
            }),
          },
          {
            path: ROUTES.conta_criar,
            lazy: async () => ({
              Component: (await import('./features/account/components/create-account-page'))
                .CreateAccountPage,
            }),
          },
          {
            path: ROUTES.conta_criar_logado,
            lazy: async () => ({
              Component: (await import('./features/account/components/create-account-logged-page'))
                .CreateAccountLoggedPage,
            }),
          },
          {
            path: ROUTES.validar_email,
            lazy: async () => ({
              Component: (await import('./features/account/components/email-sent-page'))
                .EmailSentPage,
            }),
          },
          {
            path: ROUTES.conta_selecionar,
            lazy: async () => ({
              Component: (await import('./features/account/components/select-account-page'))
                .SelectAccountPage,
            }),
          },
          {
            // Decision 097: not under RequireSession; a visitor goes to the login with the request.
            path: ROUTES.autorizar_aplicativo,
            lazy: async () => ({
              Component: (await import('./features/auth/components/consent-page')).ConsentPage,
            }),
          },
          {
            path: ROUTES.conta_criar_senha,
            lazy: async () => ({
              Component: (await import('./features/account/components/create-password-page'))
                .CreatePasswordPage,
            }),
          },
          {
            path: ROUTES.cliente_direcionar_produto,
            lazy: async () => ({
              Component: (await import('./features/account/components/welcome-page')).WelcomePage,
            }),
          },

          // plans
          {
            path: ROUTES.planos_produto,
            loader: ({ params }) => {
              const pid = parsePid(params.pid);
              if (pid !== null) prefetchPlansPage(queryClient, pid);
              return null;
            },
            lazy: async () => ({
              Component: (await import('./features/plans/components/plans-page')).PlansPage,
            }),
          },
          {
            path: ROUTES.planoMudanca_sucesso,
            lazy: async () => ({
              Component: (await import('./features/plans/components/plan-change-success-page'))
                .PlanChangeSuccessPage,
            }),
          },

          // invoices (reached by a client token in the path, §6)
          {
            path: ROUTES['fatura.emitidaAviso'],
            lazy: async () => ({
              Component: (await import('./features/invoices/components/invoice-issued-page'))
                .InvoiceIssuedPage,
            }),
          },
          {
            path: ROUTES['cliente.fatura.index'],
            lazy: async () => ({
              Component: (await import('./features/invoices/components/invoice-list-page'))
                .InvoiceListPage,
            }),
          },

          // signed-in screens
          {
            Component: RequireSession,
            children: [
              {
                path: ROUTES.dashboard,
                lazy: async () => ({
                  Component: (await import('./features/dashboard/components/dashboard-page'))
                    .DashboardPage,
                }),
              },
              {
                path: ROUTES.dados_empresa,
                lazy: async () => ({
                  Component: (await import('./features/plans/components/company-data-page')).CompanyDataPage,
                }),
              },
              {
                path: ROUTES.pessoas_conta,
                lazy: async () => ({
                  Component: (await import('./features/people/components/people-page')).PeoplePage,
                }),
              },
              {
                path: ROUTES.cancelamento,
                lazy: async () => ({
                  Component: (await import('./features/cancellation/components/cancellation-page'))
                    .CancellationPage,
                }),
              },
              {
                path: ROUTES['me.config'],
                lazy: async () => ({
                  Component: (await import('./features/profile/components/settings-page'))
                    .SettingsPage,
                }),
              },
              {
                path: ROUTES['me.meusdados'],
                lazy: async () => ({
                  Component: (await import('./features/profile/components/profile-page'))
                    .ProfilePage,
                }),
              },
              {
                // One lazy route for the whole staff area: its route table and screens stay
                // out of the entry chunk (descendant <Routes> in AdminApp).
                path: `${ROUTES.admin}/*`,
                lazy: async () => ({
                  Component: (await import('./features/admin/components/admin-app')).AdminApp,
                }),
              },
              {
                path: ROUTES['me.twofa'],
                lazy: async () => ({
                  Component: (await import('./features/twofa/components/twofa-page')).TwofaPage,
                }),
              },
              {
                path: ROUTES['me.seguranca'],
                lazy: async () => ({
                  Component: (await import('./features/security/components/security-page')).SecurityPage,
                }),
              },
              {
                path: ROUTES['me.privacidade'],
                lazy: async () => ({
                  Component: (await import('./features/privacy/components/privacy-page')).PrivacyPage,
                }),
              },
            ],
          },

          {
            path: '*',
            lazy: async () => ({
              Component: (await import('./features/misc/components/not-found-page')).NotFoundPage,
            }),
          },
        ],
      },
    ],
  },
];

/**
 * Every screen's code through `loadCode`: a download that gets no answer waits for the server
 * and the current screen stays; a release that renamed the files reloads the page (issue 38).
 */
function withRetryingCodeLoads(tree: RouteObject[]): RouteObject[] {
  return tree.map((route): RouteObject => {
    const { lazy, children } = route;
    return {
      ...route,
      ...(typeof lazy === 'function' && { lazy: () => loadCode(lazy) }),
      ...(children && { children: withRetryingCodeLoads(children) }),
    } as RouteObject;
  });
}

export const routes = withRetryingCodeLoads(screens);
