import { isIP } from 'node:net';
import { z } from 'zod';
import { isValidCnpj, normalizeDocument } from '#shared/cpf-cnpj';
import { DEFAULT_QUERY_LIMITS } from './db/query-lanes.ts';

/**
 * Every setting the server reads, validated once at start. Each has a default that serves the
 * embedded run (`npm start` on a laptop); `.env.example` documents them for operators.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Names proxy-addr (Fastify's trustProxy) knows for whole ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which hops of X-Forwarded-For to believe (decision 040): false (none, the default), a hop
 * count (the number of proxies in front of the portal), or the proxies' addresses and CIDR
 * ranges. "true" used to trust every hop, so a client could name its own address (and its own
 * rate-limit bucket); it is refused with what to write instead.
 */
const TrustProxySetting = z.string().transform((value, ctx): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (['true', 'yes', 'on'].includes(text)) {
    ctx.addIssue({
      code: 'custom',
      message:
        '"true" confiaria em qualquer X-Forwarded-For; escreva o número de proxies à frente do portal (ex.: 1) ' +
        'ou os endereços deles, separados por vírgula (ex.: 10.0.0.0/8,127.0.0.1)',
    });
    return z.NEVER;
  }
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (!entries.length || bad.length) {
    ctx.addIssue({
      code: 'custom',
      message: `deve ser false, um número de proxies (ex.: 1) ou endereços IP/CIDR separados por vírgula; inválido: ${bad.join(', ') || value}`,
    });
    return z.NEVER;
  }
  return entries;
});

/**
 * Who may read /metrics (issue 36): addresses and CIDR ranges, comma-separated, and the names
 * loopback, linklocal and uniquelocal; 'none' closes it. The metrics tell an outsider how busy the
 * portal is and which jobs fail, so the default is this machine only.
 */
const MetricsAllowSetting = z.string().transform((value, ctx): string[] => {
  const text = value.trim().toLowerCase();
  if (text === 'none') return [];
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (!entries.length || bad.length) {
    ctx.addIssue({
      code: 'custom',
      message: `deve ser none, ou endereços IP/CIDR separados por vírgula (ex.: loopback,10.0.0.0/8); inválido: ${bad.join(', ') || value}`,
    });
    return z.NEVER;
  }
  return entries;
});

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
    /** However active, a session ends this long after its sign-in (decision 002). */
    SESSION_ABSOLUTE_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(24 * 7),
    TRUST_PROXY: TrustProxySetting.default(false),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'deve começar com redis:// ou rediss://')
      .optional(),
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO: booleanFlag.optional(),
    /** Browser tests only: the demo clients get the fixed invoice tokens of db/e2e-tokens.ts. */
    E2E_FIXED_TOKENS: booleanFlag.optional(),
    /**
     * Browser tests only: the period close and the billing run see the clock this many days
     * ahead, so a test can restart a portal of its own "after" a period's end (issue 41).
     */
    JOBS_CLOCK_OFFSET_DAYS: z.coerce.number().int().min(0).max(400).default(0),
    PROVIDER_NAME: z.string().min(1).default('Portal do Cliente'),
    /** The provider's CNPJ and address, printed on its invoices (issue 39); the demo's when seeded. */
    PROVIDER_CNPJ: z
      .string()
      .transform((value) => normalizeDocument(value))
      .refine((value) => isValidCnpj(value), 'deve ser um CNPJ válido')
      .optional(),
    PROVIDER_ADDRESS: z.string().min(1).max(200).optional(),
    /** Where the login's 'Fale conosco' link writes to; the link is hidden when unset. */
    CONTACT_EMAIL: z.email('deve ser um e-mail válido').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'deve começar com smtp:// ou smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Portal do Cliente <nao-responda@localhost>'),
    CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha', 'turnstile', 'none']).default('altcha'),
    CAPTCHA_SECRET: z.string().optional(),
    /** reCAPTCHA / Turnstile site key, handed to the login form by GET /api/captcha/config. */
    CAPTCHA_SITE_KEY: z.string().optional(),
    /** Overrides the reCAPTCHA / Turnstile siteverify URL (tests, proxies). */
    CAPTCHA_VERIFY_URL: z.url().optional(),
    /** ALTCHA proof of work: PBKDF2 iterations per attempt and the largest counter to find. */
    CAPTCHA_ALTCHA_COST: z.coerce.number().int().min(1).max(100_000).default(100),
    CAPTCHA_ALTCHA_MAX_NUMBER: z.coerce.number().int().min(2).max(1_000_000).default(2000),
    /** CEP lookup (decision 021): offline (no network), or ViaCEP / BrasilAPI over HTTP. */
    CEP_PROVIDER: z.enum(['offline', 'viacep', 'brasilapi']).default('offline'),
    /** Base URL of the online CEP service (default: the service's public address). */
    CEP_API_URL: z.url().optional(),
    CEP_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
    /** PostgreSQL: how long a request waits for a connection before it is answered 503 (033). */
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
    /**
     * PostgreSQL time limits (decision 103), 0 for none: how long a customer's statement may run
     * and wait for a lock, and the same for the jobs and the staff's back-office.
     */
    /**
     * PostgreSQL connections per instance (decision 103): the customer lane's, and the lane of the
     * jobs and the staff's back-office. Their sum, times the instances, stays under the server's
     * max_connections.
     */
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
    DB_BACKGROUND_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(5),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(DEFAULT_QUERY_LIMITS.customer.statementTimeoutMs),
    DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(DEFAULT_QUERY_LIMITS.customer.lockTimeoutMs),
    DB_BACKGROUND_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(DEFAULT_QUERY_LIMITS.background.statementTimeoutMs),
    DB_BACKGROUND_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(DEFAULT_QUERY_LIMITS.background.lockTimeoutMs),
    /** SIGTERM/SIGINT: how long requests in flight may take to finish before the process ends. */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /** Plan changes "at the close" (decision 020): how often each instance looks for due ones. */
    PLAN_CHANGE_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
    HOUSEKEEPING_INTERVAL_MS: z.coerce.number().int().min(0).default(3_600_000),
    /**
     * How long the audit trail keeps an entry (decision 099): five years, the period of the
     * Marco Civil's and the tax records' longest keeping duties the trail may be asked for.
     */
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(180).default(1826),
    /** How long sent and abandoned e-mails stay in the outbox (issue 37); 90 days. */
    OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
    /** The privacy job (issue 19): due deletions, exports left for it. */
    PRIVACY_INTERVAL_MS: z.coerce.number().int().min(0).default(15_000),
    /**
     * The sweep of queued password reset requests (decision 101): those the instance that answered
     * did not handle (it stopped, or the database was away) wait at most this long.
     */
    RESET_REQUESTS_INTERVAL_MS: z.coerce.number().int().min(0).default(5_000),
    /** The billing run (decision 102): how often each instance looks for periods to bill. */
    BILLING_INTERVAL_MS: z.coerce.number().int().min(0).default(300_000),
    /** How many days before a period starts its invoice is issued (decision 102). */
    BILLING_LEAD_DAYS: z.coerce.number().int().min(0).max(60).default(10),
    /** The invoices' payment reminders (issue 20): how often each instance looks for due ones. */
    REMINDERS_INTERVAL_MS: z.coerce.number().int().min(0).default(900_000),
    METRICS_ALLOW: MetricsAllowSetting.default(['loopback']),
    /** Requests per minute per address on each route that checks a secret (login, 2FA codes, ...). */
    RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(20),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV !== 'production') return;
    if (config.E2E_FIXED_TOKENS) {
      ctx.addIssue({ code: 'custom', path: ['E2E_FIXED_TOKENS'], message: 'não é permitido em produção' });
    }
    if (config.JOBS_CLOCK_OFFSET_DAYS > 0) {
      ctx.addIssue({ code: 'custom', path: ['JOBS_CLOCK_OFFSET_DAYS'], message: 'não é permitido em produção' });
    }
    if (config.SEED_DEMO) {
      // Demo users with a published password must never reach production (decision 001).
      ctx.addIssue({ code: 'custom', path: ['SEED_DEMO'], message: 'não é permitido em produção' });
    }
    if (!config.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'obrigatório em produção' });
    }
    if (!config.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'obrigatório em produção' });
    }
    if (!config.SMTP_URL) {
      // The development mailbox keeps e-mails on the server; production must deliver them (016).
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'obrigatório em produção' });
    }
    if (config.CAPTCHA_PROVIDER === 'none') {
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_PROVIDER'],
        message: '"none" não é permitido em produção',
      });
    }
    if (config.CAPTCHA_PROVIDER === 'recaptcha' || config.CAPTCHA_PROVIDER === 'turnstile') {
      for (const key of ['CAPTCHA_SECRET', 'CAPTCHA_SITE_KEY'] as const) {
        if (!config[key]) {
          ctx.addIssue({ code: 'custom', path: [key], message: 'obrigatório para reCAPTCHA e Turnstile' });
        }
      }
    }
  });

type RawConfig = z.infer<typeof ConfigSchema>;

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
