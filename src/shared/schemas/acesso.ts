import { z } from 'zod';

/**
 * §7 POST /api/acesso/logout. The notice screen sends the event and session tokens it was given
 * (§7); every other caller sends nothing and the cookie's session ends.
 */
export const LogoutRequestSchema = z
  .object({
    evento_id: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]),
    evento_token: z.string().max(200),
    sessao_id: z.uuid(),
    sessao_token: z.string().max(200),
  })
  .partial()
  .optional();
export type LogoutRequest = z.infer<typeof LogoutRequestSchema>;
