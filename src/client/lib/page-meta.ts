import { CLIENT_TEXTS } from '../texts';

/**
 * Reads a `<meta name=... content=...>` tag written into index.html by the server.
 * The server replaces `__X__` placeholders per request; under `vite dev` they stay raw,
 * so a value starting with "__" counts as absent, like an empty one.
 */
export function readMeta(name: string): string | null {
  const element = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  const value = element?.content.trim() ?? '';
  if (value === '' || value.startsWith('__')) return null;
  return value;
}

/** The provider's brand (§2 create-account wording: "the provider's name"). */
export function providerName(): string {
  return readMeta('provider-name') ?? CLIENT_TEXTS.appName;
}
