import { defineConfig } from '@playwright/test';
import { e2ePort, smtpSinkHttpPort, smtpSinkPort } from './tests/e2e/support/ports.ts';

const port = e2ePort;
const dataDir = '.data-test/e2e';

/**
 * Browser tests drive Debian's Chromium (/usr/bin/chromium) against the built app served by the
 * real server on a fresh embedded database seeded with the demo data.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  use: {
    // localhost, not 127.0.0.1: WebAuthn refuses an IP address as the relying party's id, and
    // the passkey journey (decisions 070-072) needs PUBLIC_URL's host to be one.
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    headless: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: [
    {
      command: 'npx tsx tests/e2e/support/smtp-sink-server.ts',
      url: `http://127.0.0.1:${smtpSinkHttpPort}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { SMTP_SINK_PORT: String(smtpSinkPort), SMTP_SINK_HTTP_PORT: String(smtpSinkHttpPort) },
    },
    {
      command: `rm -rf ${dataDir} && node --enable-source-maps dist/server/main.js`,
      url: `http://127.0.0.1:${port}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        CONTACT_EMAIL: 'contato@exemplo.com.br',
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        // The demo clients get the fixed invoice tokens of src/server/modules/demo-seed/e2e-tokens.ts (refused in
        // production; docs/decisions/012-invoice-tokens.md).
        E2E_FIXED_TOKENS: 'true',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '10000',
        // The suite signs in through the API from one address many times a minute (captcha
        // challenges and sign-ins are limited to 20 a minute per address by default).
        RATE_LIMIT_AUTH_MAX: '10000',
        // The same proof of work as in production, a hundredth of its size: the suite solves it
        // over a hundred times (in the browser and in signInDemoUser), 0.35 s each at full size.
        CAPTCHA_ALTCHA_COST: '10',
        CAPTCHA_ALTCHA_MAX_NUMBER: '200',
        DATABASE_URL: '',
        // E-mails go to the test mail server, where the tests read them (real SMTP, §4 sign-up).
        SMTP_URL: `smtp://127.0.0.1:${smtpSinkPort}`,
        MAIL_FROM: 'Portal do Cliente <nao-responda@exemplo.com.br>',
        // The demo was billed at the seed; the suite bills through staff's 'Emitir agora' only, so
        // no run changes the demo's invoices while a test reads them (decision 102).
        BILLING_INTERVAL_MS: '0',
      },
    },
  ],
});
