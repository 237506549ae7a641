const ALLOWED_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * The URL the redirect page may send a person to, or null. Only http(s) URLs and relative paths
 * (resolved against this origin) pass: a `javascript:` or `data:` URL in the query string would
 * run script in our origin when clicked, so it counts as not given. Parsing with URL also strips
 * the tabs and newlines browsers ignore, so 'java\tscript:' cannot slip through.
 */
export function safeRedirectUrl(raw: string | null | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value, window.location.origin);
  } catch {
    return null;
  }
  return ALLOWED_PROTOCOLS.has(url.protocol) ? url.href : null;
}
