import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInSaoPaulo } from '#shared/dates';
import { STAFF_LEVEL } from '#shared/schemas/admin';
import type { AuditoriaRow } from '#shared/schemas/audit';
import type { Pagination } from '#shared/schemas/crud';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import {
  createClient,
  createUser,
  linkUserToClient,
  signedInAgent,
} from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { purgeAuditTrail, recordAudit } from '../../platform/audit/audit-trail.ts';
import { glAuditoria, glClienteUsuario } from '../../platform/db/schema.ts';

/**
 * Issue 34, items 3 and 5 (decisions 099, 100): staff cannot make themselves a client's people;
 * every staff write and security event is in an append-only trail that supervisors read.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function staff(level: number) {
  const user = await createUser(t.db, { nivel: level });
  return { user, agent: await signedInAgent(t, user.id) };
}

const trailOf = (recurso: string, recursoId: number) =>
  t.db
    .select()
    .from(glAuditoria)
    .where(
      sql`${glAuditoria.recurso} = ${recurso} and ${glAuditoria.recurso_id} = ${String(recursoId)}`,
    )
    .orderBy(glAuditoria.id);

describe('client-user links made by staff (issue 34, item 3)', () => {
  it('refuses an operator any new link, and every staff member their own, even an admin', async () => {
    const cliente = await createClient(t.db);
    const operator = await staff(STAFF_LEVEL.operator);
    const self = await operator.agent.post('/api/admin/gl_cliente_usuario', {
      gl_cliente_id: cliente.id,
      gl_usuario_id: operator.user.id,
      nivel: 10,
    });
    expect(self.status).toBe(403);
    const someone = await createUser(t.db);
    expect(
      (
        await operator.agent.post('/api/admin/gl_cliente_usuario', {
          gl_cliente_id: cliente.id,
          gl_usuario_id: someone.id,
          nivel: 20,
        })
      ).status,
    ).toBe(403);

    for (const level of [STAFF_LEVEL.supervisor, STAFF_LEVEL.admin]) {
      const member = await staff(level);
      const own = await member.agent.post('/api/admin/gl_cliente_usuario', {
        gl_cliente_id: cliente.id,
        gl_usuario_id: member.user.id,
        nivel: 10,
      });
      expect(own.status).toBe(403);
      expect(own.body.message).toBe(
        'Você não pode criar nem alterar o seu próprio vínculo com um cliente; peça a outro supervisor.',
      );
    }
    expect(
      await t.db
        .select()
        .from(glClienteUsuario)
        .where(eq(glClienteUsuario.gl_cliente_id, cliente.id)),
    ).toEqual([]);
  });

  it('refuses raising a link of one’s own made by someone else', async () => {
    const cliente = await createClient(t.db);
    const supervisor = await staff(STAFF_LEVEL.supervisor);
    const link = await linkUserToClient(t.db, supervisor.user.id, cliente.id, 20);
    const raised = await supervisor.agent.request(
      'PUT',
      `/api/admin/gl_cliente_usuario/${link.id}`,
      { body: { nivel: 10 } },
    );
    expect(raised.status).toBe(403);
    const [row] = await t.db
      .select()
      .from(glClienteUsuario)
      .where(eq(glClienteUsuario.id, link.id));
    expect(row?.nivel).toBe(20);
  });

  it("records a supervisor's link to someone else, and its change, in the trail with who, whom and the levels", async () => {
    const cliente = await createClient(t.db);
    const supervisor = await staff(STAFF_LEVEL.supervisor);
    const person = await createUser(t.db);
    const created = await supervisor.agent.post<{ entity: { id: number } }>(
      '/api/admin/gl_cliente_usuario',
      {
        gl_cliente_id: cliente.id,
        gl_usuario_id: person.id,
        nivel: 20,
      },
    );
    expect(created.status).toBe(200);
    const id = created.body.data.entity.id;
    const raised = await supervisor.agent.request('PUT', `/api/admin/gl_cliente_usuario/${id}`, {
      body: { nivel: 10 },
    });
    expect(raised.status).toBe(200);

    const trail = await trailOf('gl_cliente_usuario', id);
    expect(trail).toMatchObject([
      {
        acao: 'criar',
        gl_usuario_id: supervisor.user.id,
        alvo_usuario_id: person.id,
        campos: ['gl_cliente_id', 'gl_usuario_id', 'nivel'],
        detalhes: {
          gl_cliente_id: { de: null, para: cliente.id },
          gl_usuario_id: { de: null, para: person.id },
          nivel: { de: null, para: 20 },
        },
        ip: '127.0.0.1',
      },
      {
        acao: 'alterar',
        gl_usuario_id: supervisor.user.id,
        alvo_usuario_id: person.id,
        campos: ['nivel'],
        detalhes: { nivel: { de: 20, para: 10 } },
      },
    ]);
  });
});

describe('the audit trail (issue 34, item 5)', () => {
  it('records a back-office edit with only the fields it changed', async () => {
    const cliente = await createClient(t.db, { nome_fantasia: 'Antiga' });
    const operator = await staff(STAFF_LEVEL.operator);
    const saved = await operator.agent.request('PUT', `/api/admin/gl_cliente/${cliente.id}`, {
      body: {
        cpfcnpj: cliente.cpfcnpj,
        razao_social: cliente.razao_social,
        nome_fantasia: 'Nova',
        email: cliente.email,
      },
    });
    expect(saved.status).toBe(200);
    const [entry] = await trailOf('gl_cliente', cliente.id);
    expect(entry).toMatchObject({
      acao: 'alterar',
      gl_usuario_id: operator.user.id,
      campos: ['nome_fantasia'],
      detalhes: null,
    });
  });

  it("records staff's actions on a person with the person as their target", async () => {
    const supervisor = await staff(STAFF_LEVEL.supervisor);
    const person = await createUser(t.db);
    expect(
      (await supervisor.agent.post(`/api/admin/gl_usuario/${person.id}/sessoes_encerrar`)).status,
    ).toBe(200);
    const admin = await staff(STAFF_LEVEL.admin);
    expect(
      (await admin.agent.post(`/api/admin/gl_usuario/${person.id}/nivel`, { nivel: 5 })).status,
    ).toBe(200);
    const trail = await trailOf('gl_usuario', person.id);
    expect(
      trail.map((entry) => [
        entry.acao,
        entry.gl_usuario_id,
        entry.alvo_usuario_id,
        entry.detalhes,
      ]),
    ).toEqual([
      ['sessoes_encerradas', supervisor.user.id, person.id, null],
      ['nivel_alterado', admin.user.id, person.id, { nivel: { de: null, para: 5 } }],
    ]);
  });

  it('cannot be changed or deleted: no route writes it, and the database refuses updates, deletes and truncation', async () => {
    const admin = await staff(STAFF_LEVEL.admin);
    await recordAudit(t.db, {
      actor: admin.user.id,
      action: 'cliente_selecionado',
      resource: 'gl_cliente',
      resourceId: 1,
    });
    const [entry] = await t.db
      .select()
      .from(glAuditoria)
      .orderBy(sql`${glAuditoria.id} desc`)
      .limit(1);
    const id = entry?.id ?? 0;
    expect(
      (
        await admin.agent.request('PUT', `/api/admin/gl_auditoria/${id}`, {
          body: { acao: 'criar' },
        })
      ).status,
    ).toBe(404);
    expect((await admin.agent.request('DELETE', `/api/admin/gl_auditoria/${id}`)).status).toBe(404);
    expect(
      (await admin.agent.post('/api/admin/gl_auditoria', { acao: 'criar', recurso: 'x' })).status,
    ).toBe(404);

    await expect(
      t.db.update(glAuditoria).set({ acao: 'criar' }).where(eq(glAuditoria.id, id)),
    ).rejects.toThrow();
    await expect(t.db.delete(glAuditoria).where(eq(glAuditoria.id, id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate gl_auditoria`)).rejects.toThrow();
    const [still] = await t.db.select().from(glAuditoria).where(eq(glAuditoria.id, id));
    expect(still?.acao).toBe('cliente_selecionado');
  });

  it('keeps entries for the retention period: the purge deletes only older ones', async () => {
    const now = new Date();
    const before =
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(glAuditoria))[0]?.n ?? 0;
    // An entry six years old (written as the trail writes, with its time set by the database's clock).
    await t.db.execute(
      sql`insert into gl_auditoria (datahora, acao, recurso) values (now() - interval '6 years', 'criar', 'teste_expurgo')`,
    );
    expect(await purgeAuditTrail(t.db, 1826, now)).toBe(1);
    const after =
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(glAuditoria))[0]?.n ?? 0;
    expect(after).toBe(before);
  });

  it('is listed, newest first, to supervisors, filtered by person (who or whom), resource and period; operators get 403', async () => {
    const supervisor = await staff(STAFF_LEVEL.supervisor);
    const person = await createUser(t.db);
    await supervisor.agent.post(`/api/admin/gl_usuario/${person.id}/sessoes_encerrar`);
    await supervisor.agent.post(`/api/admin/gl_usuario/${person.id}/senha_revalidar`);

    const list = await supervisor.agent.get<Pagination<AuditoriaRow>>(
      `/api/admin/gl_auditoria?gl_usuario_id=${person.id}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.data.data.map((row) => [row.acao, row.usuario_nome, row.alvo_nome])).toEqual([
      ['senha_revalidar', supervisor.user.nome, person.nome],
      ['sessoes_encerradas', supervisor.user.nome, person.nome],
    ]);
    const byActor = await supervisor.agent.get<Pagination<AuditoriaRow>>(
      `/api/admin/gl_auditoria?gl_usuario_id=${supervisor.user.id}&recurso=gl_usuario`,
    );
    expect(byActor.body.data.total).toBe(2);
    // The trail's days are São Paulo's: from 21:00 there, UTC is already the next day.
    const yesterday = addDays(todayInSaoPaulo(), -1);
    const old = await supervisor.agent.get<Pagination<AuditoriaRow>>(
      `/api/admin/gl_auditoria?gl_usuario_id=${person.id}&data_fim=${yesterday}`,
    );
    expect(old.body.data.total).toBe(0);
    const badDate = await supervisor.agent.get(`/api/admin/gl_auditoria?data_inicio=31/02/2026`);
    expect(badDate.status).toBe(422);

    const operator = await staff(STAFF_LEVEL.operator);
    expect((await operator.agent.get('/api/admin/gl_auditoria')).status).toBe(403);
    const customer = await signedInAgent(t, person.id);
    expect((await customer.get('/api/admin/gl_auditoria')).status).toBe(403);
    expect((await new ApiAgent(t.app).get('/api/admin/gl_auditoria')).status).toBe(401);
  });
});
