/**
 * A logo (a product's, an application's) is shown only from this site or as a data: URL: the CSP
 * (img-src 'self' data:) would block any other address, and the console error it logs.
 */
export function displayableLogo(url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^data:image\//i.test(url)) return url;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.origin === window.location.origin ? parsed.href : null;
  } catch {
    return null;
  }
}
