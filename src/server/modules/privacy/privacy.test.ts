import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivacyOverview } from '#shared/schemas/privacy';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import {
  createClient,
  createProduct,
  createTrustedDevice,
  createUser,
  enableTwofa,
  linkUserToClient,
  signedInAgent,
} from '#tests/helpers/factories.ts';
import { createFatura } from '#tests/helpers/invoice-factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { totpCode } from '#tests/helpers/totp.ts';
import {
  glClienteUsuario,
  glEmailSaida,
  glPrivacidadePedido,
  glSessao,
  glUsuario,
  glUsuarioChaveRecuperacao,
  glUsuarioTermoAceite,
  pgFatura,
} from '../../platform/db/schema.ts';
import { acceptCurrentVersions } from './legal-versions.ts';
import { processDeletions } from './account-deletion.ts';
import { ANONYMISED_NAME } from './anonymise-user.ts';
import { processExports } from './data-export.ts';

const BASE = '/api/gl_usuario/me/privacidade';
const DAY_MS = 24 * 3_600_000;

let t: TestApp;
let produtoId: number;
beforeAll(async () => {
  t = await createTestApp();
  produtoId = (await createProduct(t.db)).id;
});
afterAll(() => t.close());

/** A person with a client account, their consent recorded as at sign-up, signed in. */
async function person(options: { reauthenticated?: boolean } = {}) {
  const user = await createUser(t.db);
  const cliente = await createClient(t.db);
  await linkUserToClient(t.db, user.id, cliente.id, 10);
  await acceptCurrentVersions(t.db, user.id, { ip: '203.0.113.9', now: new Date() });
  const agent = await signedInAgent(t, user.id, {
    clienteId: cliente.id,
    reauthenticated: options.reauthenticated ?? true,
  });
  return { user, cliente, agent };
}

describe('a copy of my data (LGPD art. 18; issue 19)', () => {
  it('asks the step-up, prepares the ZIP in the background, gives it once, with no secret in it', async () => {
    const { user, cliente, agent } = await person();
    await createTrustedDevice(t.db, user.id);
    await t.db
      .insert(glUsuarioChaveRecuperacao)
      .values({ gl_usuario_id: user.id, chave_hash: 'hash-de-chave-de-recuperacao' });
    await enableTwofa(t.db, user.id, 'JBSWY3DPEHPK3PXP');

    const unproven = await (
      await person({ reauthenticated: false })
    ).agent.post(`${BASE}/exportacao`);
    expect(unproven.status).toBe(403);

    const requested = await agent.post<{ id: number; situacao: string }>(`${BASE}/exportacao`);
    expect(requested.status).toBe(200);
    expect(requested.body.message).toBe('Estamos preparando o arquivo com os seus dados.');
    const id = requested.body.data?.id ?? 0;
    // A second request while one is open is refused, in pt-BR, however many arrive at once.
    const burst = await Promise.all(
      Array.from({ length: 50 }, () => agent.post(`${BASE}/exportacao`)),
    );
    expect(burst.filter((answer) => answer.status === 409)).toHaveLength(50);
    const again = burst[0] ?? requested;
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'Já há um arquivo com os seus dados em preparo ou pronto para baixar.',
    );

    // The request started it in the background; the job finishes whatever is left.
    await expect
      .poll(async () => {
        await processExports(t.db, t.config.PROVIDER_NAME);
        return (await agent.get<PrivacyOverview>(BASE)).body.data?.exportacao;
      })
      .toMatchObject({ id, situacao: 'pronto', progresso: 100 });

    // Another person cannot take it.
    expect((await (await person()).agent.get(`${BASE}/exportacao/${id}/arquivo`)).status).toBe(404);

    const take = () =>
      t.app.inject({
        url: `${BASE}/exportacao/${id}/arquivo`,
        headers: {
          cookie: [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        },
      });
    // Fifty downloads at once: one gets the file, the others the pt-BR refusal.
    const downloads = await Promise.all(Array.from({ length: 50 }, take));
    expect(downloads.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(downloads.filter((answer) => answer.statusCode === 404)).toHaveLength(49);
    const download = downloads.find((answer) => answer.statusCode === 200) ?? (await take());
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    // Once only.
    const second = await take();
    expect(second.statusCode).toBe(404);
    expect(second.json<{ message: string }>().message).toBe(
      'Este arquivo não está mais disponível: ele pode ser baixado uma vez, em até 24 horas. Peça um novo.',
    );

    const [row] = await t.db.select().from(glUsuario).where(eq(glUsuario.id, user.id));
    const sessions = await t.db.select().from(glSessao).where(eq(glSessao.gl_usuario_id, user.id));
    const files = unzipSync(new Uint8Array(download.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['dados.json', 'resumo.html']);
    const json = strFromU8(files['dados.json'] ?? new Uint8Array());
    const data = JSON.parse(json) as Record<string, unknown>;
    expect(data).toMatchObject({
      usuario: { id: user.id, email: user.email, nome: user.nome },
      clientes: [{ cliente_id: cliente.id, nivel: 10 }],
    });
    const consents = data.consentimentos as { documento: string; ip: string }[];
    expect(consents.find((consent) => consent.documento === 'termos_uso')?.ip).toBe('203.0.113.9');
    expect((data.dispositivos as unknown[]).length).toBe(1);
    for (const secret of [
      row?.senha_hash,
      row?.twofa_secret,
      'hash-de-chave-de-recuperacao',
      ...sessions.map((s) => s.token_hash),
    ]) {
      expect(secret).toBeTruthy();
      expect(json).not.toContain(secret);
    }
    expect(json).not.toMatch(/senha_hash|twofa_secret|token_hash|chave_hash|chave_publica/);
    expect(strFromU8(files['resumo.html'] ?? new Uint8Array())).toContain(
      `Seus dados em ${t.config.PROVIDER_NAME}`,
    );
  });
});

describe('deleting my account (LGPD art. 18, VI; issue 19)', () => {
  it('needs the password and the code, schedules it for 7 days, can be cancelled and asked again', async () => {
    const { user, agent } = await person();
    await enableTwofa(t.db, user.id, 'JBSWY3DPEHPK3PXP');
    const wrong = await agent.post(`${BASE}/exclusao`, {
      senha: 'errada',
      code: totpCode('JBSWY3DPEHPK3PXP'),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.senha?.[0]).toBe('Senha inválida.');
    const noCode = await agent.post(`${BASE}/exclusao`, { senha: 'demo1234' });
    expect(noCode.status).toBe(422);
    expect(noCode.body.errors?.code).toBeDefined();
    expect(
      await t.db
        .select()
        .from(glPrivacidadePedido)
        .where(eq(glPrivacidadePedido.gl_usuario_id, user.id)),
    ).toEqual([]);

    const before = Date.now();
    const scheduled = await agent.post<{ datahora_agendado: string }>(`${BASE}/exclusao`, {
      senha: 'demo1234',
      code: totpCode('JBSWY3DPEHPK3PXP'),
    });
    expect(scheduled.status).toBe(200);
    const at = new Date(scheduled.body.data?.datahora_agendado ?? '').getTime();
    expect(at - before).toBeGreaterThanOrEqual(7 * DAY_MS - 5_000);
    expect(at - before).toBeLessThanOrEqual(7 * DAY_MS + 5_000);
    expect(scheduled.body.message).toMatch(/^Exclusão agendada para \d{2}\/\d{2}\/\d{4}/);
    const mails = await t.db
      .select()
      .from(glEmailSaida)
      .where(eq(glEmailSaida.destinatario, user.email));
    expect(mails.map((mail) => mail.assunto)).toContain(
      'Exclusão da sua conta agendada - Portal do Cliente',
    );

    const cancelled = await agent.request('DELETE', `${BASE}/exclusao`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe('Exclusão cancelada. Sua conta continua ativa.');
    expect((await agent.request('DELETE', `${BASE}/exclusao`)).status).toBe(404);
    // Cancelled: the grace passing does nothing.
    expect(
      await processDeletions(
        { db: t.db, providerName: 'Portal' },
        new Date(Date.now() + 8 * DAY_MS),
      ),
    ).toBe(0);
    const again = await agent.post(`${BASE}/exclusao`, {
      senha: 'demo1234',
      code: totpCode('JBSWY3DPEHPK3PXP', { stepOffset: 1 }),
    });
    expect(again.status).toBe(200);
    // Leaves nothing due for the next test's count.
    expect((await agent.request('DELETE', `${BASE}/exclusao`)).status).toBe(200);
  });

  it('anonymises the person after the grace, once, keeps the invoices, reports a client left without a manager', async () => {
    const { user, cliente, agent } = await person();
    const fatura = await createFatura(t.db, cliente.id);
    expect((await agent.post(`${BASE}/exclusao`, { senha: 'demo1234' })).status).toBe(200);
    // Not before the grace is over.
    expect(
      await processDeletions(
        { db: t.db, providerName: 'Portal' },
        new Date(Date.now() + 6 * DAY_MS),
      ),
    ).toBe(0);

    const later = new Date(Date.now() + 8 * DAY_MS);
    // Two workers at once (two instances): one deletion, one e-mail.
    const runs = await Promise.all(
      Array.from({ length: 10 }, () =>
        processDeletions({ db: t.db, providerName: 'Portal' }, later),
      ),
    );
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await processDeletions({ db: t.db, providerName: 'Portal' }, later)).toBe(0);

    const [anonymised] = await t.db.select().from(glUsuario).where(eq(glUsuario.id, user.id));
    expect(anonymised).toMatchObject({
      nome: ANONYMISED_NAME,
      apelido: null,
      email: `excluido-${user.id}@anonimo.invalid`,
      telefone_celular: null,
      ativo: false,
      twofa_secret: null,
    });
    expect(
      await t.db.select().from(glClienteUsuario).where(eq(glClienteUsuario.gl_usuario_id, user.id)),
    ).toEqual([]);
    expect(await t.db.select().from(glSessao).where(eq(glSessao.gl_usuario_id, user.id))).toEqual(
      [],
    );
    const consents = await t.db
      .select()
      .from(glUsuarioTermoAceite)
      .where(eq(glUsuarioTermoAceite.gl_usuario_id, user.id));
    expect(consents.length).toBe(2);
    expect(consents.every((consent) => consent.ip === null)).toBe(true);
    expect(await t.db.select().from(pgFatura).where(eq(pgFatura.id, fatura.id))).toHaveLength(1);
    const [request] = await t.db
      .select()
      .from(glPrivacidadePedido)
      .where(
        and(
          eq(glPrivacidadePedido.gl_usuario_id, user.id),
          eq(glPrivacidadePedido.tipo, 'exclusao'),
        ),
      );
    expect(request?.situacao).toBe('concluido');
    expect(request?.observacao).toContain(`${cliente.razao_social} (id ${cliente.id})`);
    const mails = await t.db
      .select()
      .from(glEmailSaida)
      .where(eq(glEmailSaida.destinatario, user.email));
    expect(mails.map((mail) => mail.assunto)).toEqual(['Sua conta foi excluída - Portal']);

    const login = await new ApiAgent(t.app, { remoteAddress: '10.9.0.1' }).post(
      '/api/acesso/login',
      {
        email: user.email,
        senha: 'demo1234',
        recaptcha: 'ok',
        gl_produto_id: produtoId,
      },
    );
    expect(login.status).toBe(401);
    // The old session cookie opens nothing.
    expect((await agent.get(BASE)).status).toBe(401);
  });
});

describe('new versions of the legal pages (issue 19)', () => {
  it('asks everyone to accept a version staff publish, and records an acceptance once', async () => {
    const { user, agent } = await person();
    const staff = await signedInAgent(t, (await createUser(t.db, { nivel: 3 })).id);
    expect((await agent.get<PrivacyOverview>(BASE)).body.data?.termos_pendentes).toEqual([]);
    const published = await staff.post('/api/admin/gl_documento_versao', {
      documento: 'politica_privacidade',
      versao: '2026-12-01',
      resumo: 'Novos operadores de pagamento.',
    });
    expect(published.status).toBe(200);
    const overview = (await agent.get<PrivacyOverview>(BASE)).body.data;
    expect(overview?.termos_pendentes).toEqual(['politica_privacidade']);
    expect(
      overview?.versoes_atuais.find((v) => v.documento === 'politica_privacidade'),
    ).toMatchObject({
      versao: '2026-12-01',
      resumo: 'Novos operadores de pagamento.',
    });
    const accepted = await Promise.all([
      agent.post(`${BASE}/consentimento`),
      agent.post(`${BASE}/consentimento`),
    ]);
    expect(accepted.map((answer) => answer.status)).toEqual([200, 200]);
    expect(accepted[0]?.body.message).toBe('Aceite registrado. Obrigado!');
    const rows = await t.db
      .select()
      .from(glUsuarioTermoAceite)
      .where(
        and(
          eq(glUsuarioTermoAceite.gl_usuario_id, user.id),
          eq(glUsuarioTermoAceite.versao, '2026-12-01'),
        ),
      );
    expect(rows).toHaveLength(1);
    expect((await agent.get<PrivacyOverview>(BASE)).body.data?.termos_pendentes).toEqual([]);
    // A customer cannot publish.
    expect(
      (await agent.post('/api/admin/gl_documento_versao', { documento: 'termos_uso', versao: 'x' }))
        .status,
    ).toBe(403);
  });
});
