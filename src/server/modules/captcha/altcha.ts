import { createHash } from 'node:crypto';
import {
  createChallenge,
  randomInt,
  verifySolution,
  type Challenge,
  type ChallengeParameters,
} from 'altcha-lib';
import { deriveKey as pbkdf2DeriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import { z } from 'zod';
import type { CaptchaConfig } from '#shared/schemas/auth';
import { deriveKey } from '../../platform/crypto/keys.ts';
import type { Database } from '../../platform/db/database.ts';
import { glCaptchaDesafioUsado } from '../../platform/db/schema.ts';
import type { CaptchaProvider } from './captcha-provider.ts';

const ALTCHA_CHALLENGE_PATH = '/api/captcha/desafio';

/** Long enough to fill a login form after the widget solved it; the widget fetches a new one after. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const ALGORITHM = 'PBKDF2/SHA-256';

/** The widget's payload: base64 of JSON {challenge, solution} (altcha-lib's Payload). */
const PayloadSchema = z.object({
  challenge: z.object({
    parameters: z.record(z.string(), z.unknown()),
    signature: z.string().min(1).max(200),
  }),
  solution: z.object({
    counter: z.number(),
    derivedKey: z.string().max(200),
    time: z.number().optional(),
  }),
});

/**
 * ALTCHA, self-hosted proof of work (docs/decisions/014-captcha.md). Challenges are signed with
 * HMAC keys derived from the session secret, so any instance verifies any instance's challenge;
 * a solved challenge is accepted once: the hash of its signature goes into a table with a unique
 * index until the challenge expires.
 */
export class AltchaCaptcha implements CaptchaProvider {
  readonly publicConfig: CaptchaConfig = {
    provider: 'altcha',
    siteKey: null,
    challengeUrl: ALTCHA_CHALLENGE_PATH,
  };
  private readonly signatureSecret: string;
  private readonly keySignatureSecret: string;

  constructor(
    private readonly options: {
      db: Database;
      sessionSecret: string;
      cost: number;
      maxNumber: number;
    },
  ) {
    this.signatureSecret = deriveKey(options.sessionSecret, 'altcha-signature').toString('hex');
    this.keySignatureSecret = deriveKey(options.sessionSecret, 'altcha-key-signature').toString(
      'hex',
    );
  }

  /**
   * Deterministic mode: the server picks the counter the browser must find (between half of
   * maxNumber and maxNumber, so the work is bounded) and signs the derived key, which makes
   * verification one HMAC instead of a key derivation.
   */
  createChallenge(): Promise<Challenge> {
    const { cost, maxNumber } = this.options;
    return createChallenge({
      algorithm: ALGORITHM,
      cost,
      counter: randomInt(maxNumber, Math.ceil(maxNumber / 2)),
      deriveKey: pbkdf2DeriveKey,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySignatureSecret,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
  }

  async verify(answer: string | undefined): Promise<boolean> {
    if (!answer) return false;
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(answer, 'base64').toString('utf8'));
    } catch {
      return false;
    }
    const parsed = PayloadSchema.safeParse(decoded);
    if (!parsed.success) return false;
    const { challenge, solution } = parsed.data;
    const parameters = challenge.parameters as unknown as ChallengeParameters;
    try {
      const result = await verifySolution({
        challenge: { parameters, signature: challenge.signature },
        solution,
        deriveKey: pbkdf2DeriveKey,
        hmacSignatureSecret: this.signatureSecret,
        hmacKeySignatureSecret: this.keySignatureSecret,
      });
      if (!result.verified) return false;
    } catch {
      return false;
    }
    // Ours always expire; the signature vouches for the value.
    if (typeof parameters.expiresAt !== 'number') return false;
    return this.acceptOnce(challenge.signature, new Date(parameters.expiresAt * 1000));
  }

  /** Replay protection: only the request whose insert returns a row may use the challenge. */
  private async acceptOnce(signature: string, expiresAt: Date): Promise<boolean> {
    const { db } = this.options;
    const inserted = await db
      .insert(glCaptchaDesafioUsado)
      .values({
        desafio_hash: createHash('sha256').update(signature).digest('hex'),
        datahora_expira: expiresAt,
      })
      .onConflictDoNothing()
      .returning({ id: glCaptchaDesafioUsado.id });
    // An expired challenge can no longer be verified, so its record is no longer needed.
    await db
      .delete(glCaptchaDesafioUsado)
      .where(lt(glCaptchaDesafioUsado.datahora_expira, new Date()));
    return inserted.length === 1;
  }
}
