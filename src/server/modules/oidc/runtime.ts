import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Provider } from 'oidc-provider';
import { createOidcProvider, type OidcOptions } from './provider.ts';

export interface OidcRuntime {
  /** The provider and its Koa request handler, built once at the first use. */
  ready(): Promise<{
    provider: Provider;
    handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  }>;
  options: OidcOptions;
}

/**
 * The one provider of the process, shared by its routes and by the portal's Logout (which ends
 * the provider's session of the browser). Built lazily: a start that serves no /oidc request and
 * no Logout of an application's session does not load the library (the start target of issue 15).
 */
export function createOidcRuntime(options: OidcOptions): OidcRuntime {
  let built: ReturnType<OidcRuntime['ready']> | null = null;
  const ready = () => {
    built ??= createOidcProvider(options).then(
      (provider) => {
        // Composing the Koa middleware per request is wasted work: once.
        const callback = provider.callback();
        return {
          provider,
          handle: async (req: IncomingMessage, res: ServerResponse) => callback(req, res),
        };
      },
      (error: unknown) => {
        // A database that was away at the first request: the next one tries again.
        built = null;
        throw error;
      },
    );
    return built;
  };
  return { ready, options };
}
