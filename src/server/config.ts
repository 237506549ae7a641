import { z } from 'zod';

/**
 * Every setting the server reads, validated once at start. Each has a default that serves the
 * embedded run (`npm start` on a laptop); `.env.example` documents them for operators.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('localhost'),
    // 0 picks a free port (tests).
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'deve começar com postgres:// ou postgresql://')
      .optional(),
    SESSION_SECRET: z.string().min(32, 'deve ter ao menos 32 caracteres').optional(),
    SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(12),
    TRUST_PROXY: booleanFlag.default(false),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'deve começar com redis:// ou rediss://')
      .optional(),
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO: booleanFlag.optional(),
    PROVIDER_NAME: z.string().min(1).default('Portal do Cliente'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'deve começar com smtp:// ou smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Portal do Cliente <nao-responda@localhost>'),
    CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha', 'turnstile', 'none']).default('altcha'),
    CAPTCHA_SECRET: z.string().optional(),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV !== 'production') return;
    if (!config.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'obrigatório em produção' });
    }
    if (!config.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'obrigatório em produção' });
    }
    if (config.CAPTCHA_PROVIDER === 'none') {
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_PROVIDER'],
        message: '"none" não é permitido em produção',
      });
    }
    if (
      (config.CAPTCHA_PROVIDER === 'recaptcha' || config.CAPTCHA_PROVIDER === 'turnstile') &&
      !config.CAPTCHA_SECRET
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_SECRET'],
        message: 'obrigatório para reCAPTCHA e Turnstile',
      });
    }
  });

export type RawConfig = z.infer<typeof ConfigSchema>;

export interface Config extends RawConfig {
  publicUrl: string;
  isProduction: boolean;
  /** Demo data goes only into an empty database and never in production. */
  seedDemo: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuração inválida:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment; throws a ConfigError listing every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most .env files.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(geral)'}: ${issue.message}`),
    );
  }
  const raw = parsed.data;
  const isProduction = raw.NODE_ENV === 'production';
  return {
    ...raw,
    isProduction,
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ''),
    seedDemo: raw.SEED_DEMO ?? !isProduction,
  };
}
