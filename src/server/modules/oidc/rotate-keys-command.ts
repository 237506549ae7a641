/**
 * `npm run oidc:rotate-keys [-- --ativar-em-horas=N]`: a new signing key for the OpenID provider,
 * published by every instance that starts from now on and signing from N hours later (24 by
 * default), the key before the current one retired (decision 086, docs/operations.md). With the
 * embedded database, stop the portal first: its data folder takes one process at a time.
 */
import { loadConfig } from '../../platform/config.ts';
import { openDatabase } from '../../platform/db/database.ts';
import { resolveSessionSecret } from '../../platform/session/session-secret.ts';
import { rotateSigningKeys } from './signing-keys.ts';

const HOUR_MS = 3600_000;

function activationHours(args: string[]): number {
  const option = args.find((arg) => arg.startsWith('--ativar-em-horas='));
  if (!option) return 24;
  const hours = Number(option.slice('--ativar-em-horas='.length));
  if (!Number.isFinite(hours) || hours < 0) {
    console.error('--ativar-em-horas deve ser um número de horas, 0 ou mais.');
    process.exit(1);
  }
  return hours;
}

const hours = activationHours(process.argv.slice(2));
const config = loadConfig();
const database = await openDatabase(
  config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: config.DATA_DIR },
);
try {
  await database.migrate();
  const secret = resolveSessionSecret(config.SESSION_SECRET, config.DATA_DIR);
  const activeFrom = new Date(Date.now() + hours * HOUR_MS);
  const { kid, retired } = await rotateSigningKeys(database.db, secret, activeFrom);
  process.stdout.write(
    [
      `Nova chave de assinatura ${kid}: publicada pelas instâncias que iniciarem a partir de agora,`,
      `assina a partir de ${activeFrom.toISOString()}. Reinicie todas as instâncias antes disso.`,
      retired
        ? `${retired} chave(s) antiga(s) deixaram de ser publicadas.`
        : 'Nenhuma chave foi aposentada.',
    ].join('\n') + '\n',
  );
} finally {
  await database.close();
}
