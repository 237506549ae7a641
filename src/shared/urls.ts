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
