import { and, isNull, lt, or } from 'drizzle-orm';
import { purgeAuditTrail } from '../audit/audit-trail.ts';
import type { Database } from '../db/database.ts';
import {
  glAcessoEvento,
  glAcessoTentativa,
  glCaptchaDesafioUsado,
  glSessao,
  glUsuarioSenhaToken,
  glUsuarioTotpPasso,
} from '../db/schema.ts';
import { purgeExpiredChallenges } from '../modules/security/passkeys.ts';
import { purgeOldSignIns } from '../modules/security/sign-ins.ts';
import { purgeExpiredOidcRecords } from '../oidc/storage-adapter.ts';
import { currentTotpStep } from '../modules/twofa/totp.ts';
import { logJobError, runPeriodically, type JobLog } from './periodic.ts';

const HOUR_MS = 60 * 60_000;
/** AUDIT_RETENTION_DAYS' default (config.ts): five years. */
const DEFAULT_AUDIT_RETENTION_DAYS = 1826;
/**
 * Rows past their use are kept this long before they go: enough for a support question about
 * "the link I got this morning", and longer than every rate-limit window that counts them (the
 * reset-mail limit counts the last hour's tokens, docs/decisions/018-password-recovery.md).
 */
const KEEP_AFTER_EXPIRY_MS = 24 * HOUR_MS;

export interface HousekeepingReport {
  sessions: number;
  events: number;
  resetTokens: number;
  captchaChallenges: number;
  throttleKeys: number;
  totpSteps: number;
  /** Sign-in history older than 180 days (decisions 070-072). */
  signIns: number;
  /** Known browsers unseen for 400 days (decisions 070-072). */
  browsers: number;
  /** Passkey challenges past their five minutes (decisions 070-072). */
  passkeyChallenges: number;
  /** The OpenID provider's sessions, interactions, codes and tokens past their expiry (086). */
  oidcRecords: number;
  /** Audit trail entries past AUDIT_RETENTION_DAYS (decision 099). */
  auditEntries: number;
}

/**
 * Deletes the rows that can no longer be used: expired sessions (they would otherwise stay
 * forever), access events and reset tokens a day after they expired, accepted captcha challenges
 * once expired, idle throttle counters with no block running, and accepted TOTP steps too old to
 * match again (window ±1, docs/decisions/011-two-factor.md), sign-in history past 180 days and
 * browsers unseen for 400 (docs/decisions/071-sign-in-history-and-alerts.md), expired passkey
 * challenges (072), the OpenID provider's expired rows (086), audit entries past their retention
 * (099). Each is a single conditional DELETE,
 * so two instances running it at once only share the work. The request paths keep their own
 * narrower clean-ups; this catches what they never revisit (an account nobody signs in to again).
 */
export async function purgeExpiredRecords(
  db: Database,
  now = new Date(),
  options: { auditRetentionDays: number } = { auditRetentionDays: DEFAULT_AUDIT_RETENTION_DAYS },
): Promise<HousekeepingReport> {
  const longAgo = new Date(now.getTime() - KEEP_AFTER_EXPIRY_MS);
  const sessions = await db
    .delete(glSessao)
    .where(lt(glSessao.datahora_expira, now))
    .returning({ id: glSessao.id });
  const events = await db
    .delete(glAcessoEvento)
    .where(lt(glAcessoEvento.datahora_expira, longAgo))
    .returning({ id: glAcessoEvento.id });
  const resetTokens = await db
    .delete(glUsuarioSenhaToken)
    .where(lt(glUsuarioSenhaToken.datahora_expira, longAgo))
    .returning({ id: glUsuarioSenhaToken.id });
  const captchaChallenges = await db
    .delete(glCaptchaDesafioUsado)
    .where(lt(glCaptchaDesafioUsado.datahora_expira, now))
    .returning({ id: glCaptchaDesafioUsado.id });
  const throttleKeys = await db
    .delete(glAcessoTentativa)
    .where(
      and(
        lt(glAcessoTentativa.janela_inicio, longAgo),
        or(isNull(glAcessoTentativa.bloqueado_ate), lt(glAcessoTentativa.bloqueado_ate, now)),
      ),
    )
    .returning({ id: glAcessoTentativa.id });
  const totpSteps = await db
    .delete(glUsuarioTotpPasso)
    .where(lt(glUsuarioTotpPasso.passo, currentTotpStep(now) - 3))
    .returning({ id: glUsuarioTotpPasso.id });
  const { signIns, browsers } = await purgeOldSignIns(db, now);
  const passkeyChallenges = await purgeExpiredChallenges(db, now);
  const oidcRecords = await purgeExpiredOidcRecords(db, now);
  const auditEntries = await purgeAuditTrail(db, options.auditRetentionDays, now);
  return {
    sessions: sessions.length,
    events: events.length,
    resetTokens: resetTokens.length,
    captchaChallenges: captchaChallenges.length,
    throttleKeys: throttleKeys.length,
    totpSteps: totpSteps.length,
    signIns,
    browsers,
    passkeyChallenges,
    oidcRecords,
    auditEntries,
  };
}

/** Runs purgeExpiredRecords every `intervalMs` (0: never) in this instance. */
export function startHousekeeping(options: {
  db: Database;
  log: JobLog;
  intervalMs: number;
  auditRetentionDays: number;
}): {
  stop(): Promise<void>;
} {
  return runPeriodically(
    async () => {
      const report = await purgeExpiredRecords(options.db, new Date(), options);
      if (Object.values(report).some((n) => n > 0))
        options.log.info(report, 'expired records purged');
    },
    {
      name: 'housekeeping',
      intervalMs: options.intervalMs,
      onError: logJobError(options.log, 'housekeeping'),
    },
  );
}
