import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { loadConfig } from '../../platform/config.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { passwordResetMail } from '../recovery/mails.ts';
import { createMailTransport } from '../../platform/mail/transport.ts';
import { startMailWorker } from '../../platform/mail/worker.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: 's'.repeat(40),
  PUBLIC_URL: 'https://portal.exemplo.com.br',
  CAPTCHA_PROVIDER: 'altcha',
};

interface ListItem {
  id: number;
  destinatario: string;
  assunto: string;
  situacao: string;
  datahora_criado: string;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('development mailbox', () => {
  it('keeps e-mails on the machine when SMTP is not configured, readable by a loopback caller', async () => {
    const content = passwordResetMail({
      providerName: 'Exemplo Sistemas',
      nome: 'Ana',
      resetUrl: 'http://localhost:3000/redefinir/abc',
      validadeMinutos: 60,
    });
    const id = await t.db.transaction((tx) => enqueueMail(tx, { to: 'ana@exemplo.com.br', ...content }));
    const transport = createMailTransport(t.config);
    expect(transport.kind).toBe('dev-mailbox');
    const worker = startMailWorker({ db: t.db, kind: t.database.kind, transport, log: silent, intervalMs: 0 });
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();

    const agent = new ApiAgent(t.app); // app.inject calls from 127.0.0.1
    const list = await agent.get<ListItem[]>('/api/dev/caixa-postal');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body.data[0]).toEqual({
      id,
      destinatario: 'ana@exemplo.com.br',
      assunto: content.subject,
      situacao: 'enviado',
      datahora_criado: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
    });

    const detail = await agent.get<Record<string, unknown>>(`/api/dev/caixa-postal/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      id,
      situacao: 'enviado',
      tentativas: 1,
      ultimo_erro: null,
      corpo_html: content.html,
      corpo_texto: content.text,
    });
    expect(detail.body.data.datahora_enviado).toEqual(expect.stringMatching(/^\d{4}-/));
    expect((await agent.get('/api/dev/caixa-postal/999999')).status).toBe(404);
  });

  it('shows the outbox as pages: the list, a message as text, and its HTML under a strict CSP', async () => {
    const content = passwordResetMail({
      providerName: 'Exemplo <Sistemas>',
      nome: 'Bruno',
      resetUrl: 'http://localhost:3000/login/recuperar_token/xyz',
      validadeMinutos: 60,
    });
    const id = await t.db.transaction((tx) => enqueueMail(tx, { to: 'bruno@exemplo.com.br', ...content }));
    const inject = (url: string, remoteAddress = '127.0.0.1') => t.app.inject({ method: 'GET', url, remoteAddress });

    const list = await inject('/dev/caixa-postal');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/^text\/html/);
    expect(list.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(list.body).toContain(`href="/dev/caixa-postal/${id}"`);
    // Values are escaped: the provider name's brackets are text, not markup.
    expect(list.body).toContain('Redefinição de senha - Exemplo &lt;Sistemas&gt;');
    expect(list.body).not.toContain('<Sistemas>');

    const message = await inject(`/dev/caixa-postal/${id}`);
    expect(message.statusCode).toBe(200);
    expect(message.body).toContain('http://localhost:3000/login/recuperar_token/xyz');
    expect(message.body).toContain(`/dev/caixa-postal/${id}/html`);

    const html = await inject(`/dev/caixa-postal/${id}/html`);
    expect(html.statusCode).toBe(200);
    expect(html.body).toBe(content.html);
    expect(html.headers['content-security-policy']).toMatch(/default-src 'none'/);

    expect((await inject('/dev/caixa-postal/999999')).statusCode).toBe(404);
    expect((await inject('/dev/caixa-postal', '203.0.113.9')).statusCode).toBe(403);
    expect((await inject(`/dev/caixa-postal/${id}/html`, '203.0.113.9')).statusCode).toBe(403);
  });

  it('refuses callers from other machines and anything that came through a proxy', async () => {
    const remote = new ApiAgent(t.app, { remoteAddress: '203.0.113.7' });
    const refused = await remote.get('/api/dev/caixa-postal');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/só atende a esta máquina/);
    expect((await remote.get('/api/dev/caixa-postal/1')).status).toBe(403);

    const proxied = await new ApiAgent(t.app).request('GET', '/api/dev/caixa-postal', {
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(proxied.status).toBe(403);
  });

  it('does not exist in production, where SMTP_URL is required', async () => {
    expect(() => loadConfig(production)).toThrow(/SMTP_URL: obrigatório em produção/);
    const prod = await createTestApp({ env: { ...production, SMTP_URL: 'smtp://127.0.0.1:2525' } });
    try {
      expect(prod.config.isProduction).toBe(true);
      expect((await new ApiAgent(prod.app).get('/api/dev/caixa-postal')).status).toBe(404);
      const page = await prod.app.inject({ method: 'GET', url: '/dev/caixa-postal', remoteAddress: '127.0.0.1' });
      expect(page.body).not.toContain('Caixa postal de desenvolvimento');
      const transport = createMailTransport(prod.config);
      expect(transport.kind).toBe('smtp');
      transport.close();
    } finally {
      await prod.close();
    }
  });
});
