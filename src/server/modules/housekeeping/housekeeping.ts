import { and, isNull, lt, or, type SQL } from 'drizzle-orm';
import { purgeAuditTrail } from '../../platform/audit/audit-trail.ts';
import type { Database } from '../../platform/db/database.ts';
import { deleteInBatches } from '../../platform/db/batch-delete.ts';
import { purgeOldOutbox } from '../../platform/mail/outbox.ts';
import {
  glAcessoEvento,
  glAcessoTentativa,
  glCaptchaDesafioUsado,
  glSessao,
  glUsuarioSenhaToken,
  glUsuarioTotpPasso,
} from '../../platform/db/schema.ts';
import { purgeExpiredChallenges, purgeOldSignIns } from '../security/index.ts';
import { purgeOldInvitations } from '../people/index.ts';
import { purgeExpiredOidcRecords } from '../oidc/index.ts';
import { currentTotpStep } from '../twofa/index.ts';
import { logJobError, runPeriodically, type JobLog } from '../../platform/jobs/periodic.ts';

const HOUR_MS = 60 * 60_000;
/** AUDIT_RETENTION_DAYS' and OUTBOX_RETENTION_DAYS' defaults (config.ts). */
const DEFAULT_AUDIT_RETENTION_DAYS = 1826;
const DEFAULT_OUTBOX_RETENTION_DAYS = 90;
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
  /** Sent or abandoned e-mails past OUTBOX_RETENTION_DAYS (issue 37). */
  outboxMessages: number;
  /** Invitations to an account 30 days past their expiry (decision 114). */
  invitations: number;
}

/**
 * Deletes the rows that can no longer be used: expired sessions (they would otherwise stay
 * forever), access events and reset tokens a day after they expired, accepted captcha challenges
 * once expired, idle throttle counters with no block running, and accepted TOTP steps too old to
 * match again (window ±1, docs/decisions/011-two-factor.md), sign-in history past 180 days and
 * browsers unseen for 400 (docs/decisions/071-sign-in-history-and-alerts.md), expired passkey
 * challenges (072), the OpenID provider's expired rows (086), audit entries past their retention
 * (099), sent or abandoned e-mails past their retention (issue 37), invitations to an account a
 * month past their expiry (114). Each is a conditional DELETE
 * in batches of DELETE_BATCH_SIZE rows, so two instances running it at once only share the work
 * and no statement holds its locks long. The request paths keep their own
 * narrower clean-ups; this catches what they never revisit (an account nobody signs in to again).
 */
export async function purgeExpiredRecords(
  db: Database,
  now = new Date(),
  options: { auditRetentionDays: number; outboxRetentionDays: number } = {
    auditRetentionDays: DEFAULT_AUDIT_RETENTION_DAYS,
    outboxRetentionDays: DEFAULT_OUTBOX_RETENTION_DAYS,
  },
): Promise<HousekeepingReport> {
  const longAgo = new Date(now.getTime() - KEEP_AFTER_EXPIRY_MS);
  const sessions = await deleteInBatches(db, glSessao, glSessao.id, lt(glSessao.datahora_expira, now));
  const events = await deleteInBatches(db, glAcessoEvento, glAcessoEvento.id, lt(glAcessoEvento.datahora_expira, longAgo));
  const resetTokens = await deleteInBatches(
    db,
    glUsuarioSenhaToken,
    glUsuarioSenhaToken.id,
    lt(glUsuarioSenhaToken.datahora_expira, longAgo),
  );
  const captchaChallenges = await deleteInBatches(
    db,
    glCaptchaDesafioUsado,
    glCaptchaDesafioUsado.id,
    lt(glCaptchaDesafioUsado.datahora_expira, now),
  );
  const throttleKeys = await deleteInBatches(
    db,
    glAcessoTentativa,
    glAcessoTentativa.id,
    and(
      lt(glAcessoTentativa.janela_inicio, longAgo),
      or(isNull(glAcessoTentativa.bloqueado_ate), lt(glAcessoTentativa.bloqueado_ate, now)),
    ) as SQL,
  );
  const totpSteps = await deleteInBatches(
    db,
    glUsuarioTotpPasso,
    glUsuarioTotpPasso.id,
    lt(glUsuarioTotpPasso.passo, currentTotpStep(now) - 3),
  );
  const outboxMessages = await purgeOldOutbox(db, options.outboxRetentionDays, now);
  const { signIns, browsers } = await purgeOldSignIns(db, now);
  const passkeyChallenges = await purgeExpiredChallenges(db, now);
  const oidcRecords = await purgeExpiredOidcRecords(db, now);
  const auditEntries = await purgeAuditTrail(db, options.auditRetentionDays, now);
  const invitations = await purgeOldInvitations(db, now);
  return {
    sessions,
    events,
    resetTokens,
    captchaChallenges,
    throttleKeys,
    totpSteps,
    outboxMessages,
    signIns,
    browsers,
    passkeyChallenges,
    oidcRecords,
    auditEntries,
    invitations,
  };
}

/** Runs purgeExpiredRecords every `intervalMs` (0: never) in this instance. */
export function startHousekeeping(options: {
  db: Database;
  log: JobLog;
  intervalMs: number;
  auditRetentionDays: number;
  outboxRetentionDays: number;
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
