import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginInfo } from '#shared/schemas/auth';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createProduct, randomCpf } from '#tests/helpers/factories.ts';
import { startSmtpSink, type SmtpSink } from '#tests/helpers/smtp-sink.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { glEmailSaida } from '../../platform/db/schema.ts';
import { createMailTransport } from '../../platform/mail/transport.ts';
import { startMailWorker, type MailWorker } from '../../platform/mail/worker.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let t: TestApp;
let sink: SmtpSink;
let worker: MailWorker;
let clock = Date.now();

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url, PROVIDER_NAME: 'Exemplo Sistemas' } });
  worker = startMailWorker({
    db: t.db,
    kind: t.database.kind,
    transport: createMailTransport(t.config),
    log: silent,
    intervalMs: 0,
    now: () => new Date(clock),
  });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await sink.stop();
});

describe('sign-up while the SMTP server is down', () => {
  it('loses no message: the temporary password arrives once the server is back', async () => {
    const produto = await createProduct(t.db, { cadastro_permitido: true });
    const email = `smtp.fora.${Date.now().toString(36)}@teste.com.br`;
    await sink.stop();

    const response = await new ApiAgent(t.app).post('/api/acesso/conta_criar', {
      nome: 'Rafael Lima',
      email,
      telefone_celular: '11987654321',
      cpfcnpj: randomCpf(),
      gl_produto_id: produto.id,
      recaptcha: 'ok',
      termos: true,
    });
    // The sign-up does not depend on the mail server.
    expect(response.status).toBe(200);

    clock = Date.now() + 5_000;
    expect(await worker.runOnce()).toBe(0);
    const [pending] = await t.db.select().from(glEmailSaida).where(eq(glEmailSaida.destinatario, email));
    expect(pending).toMatchObject({ situacao: 'pendente', tentativas: 1 });
    expect(pending?.ultimo_erro).toBeTruthy();

    await sink.start();
    // The retry waits for its backoff (30 s after the first failure).
    clock += 31_000;
    expect(await worker.runOnce()).toBe(1);
    const delivered = sink.messages.filter((message) => message.to.includes(email));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.header('subject')).toBe('Sua senha temporária de acesso - Exemplo Sistemas');
    const senha = /Senha temporária: (\S+)/.exec(delivered[0]?.text() ?? '')?.[1];
    expect(senha).toBeTruthy();

    // Sent once: another run finds nothing to do.
    clock += 3_600_000;
    expect(await worker.runOnce()).toBe(0);
    expect(sink.messages.filter((message) => message.to.includes(email))).toHaveLength(1);

    // And the password in it opens the account.
    const login = await new ApiAgent(t.app).post<LoginInfo>('/api/acesso/login', {
      email,
      senha,
      recaptcha: 'ok',
      gl_produto_id: produto.id,
    });
    expect(login.status).toBe(200);
    expect(login.body.data.senha_revalidar).toBe(true);
  });
});
