import { parseHttpUrl } from '#shared/urls';

/**
 * The URL the redirect page may send a person to, or null. Only http(s) URLs and relative paths
 * (resolved against this origin) pass: a `javascript:` or `data:` URL in the query string would
 * run script in our origin when clicked, so it counts as not given. Parsing with URL also strips
 * the tabs and newlines browsers ignore (#shared/urls).
 */
export function safeRedirectUrl(raw: string | null | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  return parseHttpUrl(value, window.location.origin)?.href ?? null;
}
