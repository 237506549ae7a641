/**
 * The one http(s) URL check of the portal: the URL parsed (a relative one against `base`), or
 * null for anything else (javascript:, data:, mailto:, unparseable). Parsing with URL also drops
 * the tabs and newlines browsers ignore, so 'java\tscript:' cannot slip through.
 */
export function parseHttpUrl(value: string, base?: string): URL | null {
  let url: URL;
  try {
    url = new URL(value.trim(), base);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
}

/** The host names of the developer's own machine (§4 "on localhost"; http is allowed there). */
const LOCAL_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]', '::1'];

export function isLocalHostname(hostname: string): boolean {
  return LOCAL_HOSTNAMES.includes(hostname.toLowerCase());
}
