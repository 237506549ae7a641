import { z } from 'zod';
import { REQUIRED_MESSAGE } from '../fields.ts';
import { MESSAGES } from '../messages.ts';

/**
 * The largest id: ids are PostgreSQL `integer`s (int4). A larger number would reach the database
 * and fail there (22003, a 500 before decision 033); it is refused as malformed instead.
 */
export const ID_MAX = 2_147_483_647;

/** A positive integer id, from JSON numbers or from query-string digits. */
export const IdSchema = z.coerce
  .number({ error: REQUIRED_MESSAGE })
  .int({ error: REQUIRED_MESSAGE })
  .positive({ error: REQUIRED_MESSAGE })
  .max(ID_MAX, { error: MESSAGES.invalidType });

/** An opaque token of ours (base64url, 43 characters for 256 bits). */
export const TokenSchema = z.string({ error: REQUIRED_MESSAGE }).min(1, { error: REQUIRED_MESSAGE }).max(200);
