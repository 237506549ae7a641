/**
 * The redirect page's allow-list (§2 accessurl_redirect; docs/decisions/041-redirect-allow-list.md):
 * the page asks whether a destination's origin is this portal's or one of the products' own.
 * Only the origin travels: the URL may carry session tokens (§4, the product url after login).
 */
import { z } from 'zod';
import { text } from '../fields.ts';
import { parseHttpUrl } from '../urls.ts';

export const DESTINATION_PATH = '/api/gl_produto/destino';

const DESTINATION_INVALID_MESSAGE = 'Informe um endereço http ou https.';

/** The origin of an absolute http(s) URL, or null. */
export function httpOrigin(value: string): string | null {
  if (!/^https?:\/\//i.test(value)) return null;
  return parseHttpUrl(value)?.origin ?? null;
}

/** GET /api/gl_produto/destino?origem=…: outputs the normalised origin. */
export const DestinationQuerySchema = z.object({
  origem: text()
    .trim()
    .max(2048)
    .refine((value) => httpOrigin(value) !== null, { error: DESTINATION_INVALID_MESSAGE })
    .transform((value) => httpOrigin(value) ?? value),
});

export interface DestinationCheck {
  origem: string;
  /** The origin is this portal's or an active product's url's. */
  permitido: boolean;
}
