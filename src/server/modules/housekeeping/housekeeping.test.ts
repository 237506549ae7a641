import { inArray, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createProduct, createUser } from '#tests/helpers/factories.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import {
  glClienteConvite,
  glAcessoEvento,
  glAuditoria,
  glAcessoTentativa,
  glCaptchaDesafioUsado,
  glEmailSaida,
  glOidcRegistro,
  glSessao,
  glUsuarioAcesso,
  glUsuarioNavegador,
  glUsuarioSenhaToken,
  glUsuarioTotpPasso,
  glWebauthnDesafio,
} from '../../platform/db/schema.ts';
import { currentTotpStep } from '../twofa/totp.ts';
import { deleteBatch, repeatBatches } from '../../platform/db/batch-delete.ts';
import { purgeExpiredRecords } from './housekeeping.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const now = new Date('2026-11-23T12:00:00Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
const idsOf = (rows: { id: unknown }[]) => rows.map((row) => row.id);

describe('housekeeping (periodic purge of rows that can no longer be used)', () => {
  it('deletes expired sessions, old events and tokens, used captchas, idle counters old TOTP steps, old sign-in history and forgotten browsers, and keeps the rest', async () => {
    const db = database.db;
    const user = await createUser(db);
    const produto = await createProduct(db);

    const sessions = await db
      .insert(glSessao)
      .values([
        { token_hash: 'expired', gl_usuario_id: user.id, datahora_expira: at(-1000) },
        { token_hash: 'live', gl_usuario_id: user.id, datahora_expira: at(HOUR) },
      ])
      .returning({ id: glSessao.id });
    const event = {
      token_hash: 'e',
      tipo: 'login',
      gl_usuario_id: user.id,
      gl_produto_id: produto.id,
    };
    const events = await db
      .insert(glAcessoEvento)
      .values([
        { ...event, datahora_expira: at(-25 * HOUR) },
        // Expired an hour ago: kept a day for support questions.
        { ...event, datahora_expira: at(-HOUR) },
      ])
      .returning({ id: glAcessoEvento.id });
    const tokens = await db
      .insert(glUsuarioSenhaToken)
      .values([
        { token_hash: 'old', gl_usuario_id: user.id, datahora_expira: at(-25 * HOUR) },
        { token_hash: 'recent', gl_usuario_id: user.id, datahora_expira: at(-HOUR) },
      ])
      .returning({ id: glUsuarioSenhaToken.id });
    const captchas = await db
      .insert(glCaptchaDesafioUsado)
      .values([
        { desafio_hash: 'expired', datahora_expira: at(-1000) },
        { desafio_hash: 'live', datahora_expira: at(HOUR) },
      ])
      .returning({ id: glCaptchaDesafioUsado.id });
    const counters = await db
      .insert(glAcessoTentativa)
      .values([
        { chave: 'idle', falhas: 3, janela_inicio: at(-25 * HOUR) },
        { chave: 'blocked', falhas: 10, janela_inicio: at(-25 * HOUR), bloqueado_ate: at(HOUR) },
        { chave: 'recent', falhas: 1, janela_inicio: at(-HOUR) },
      ])
      .returning({ id: glAcessoTentativa.id });
    const step = currentTotpStep(now);
    const steps = await db
      .insert(glUsuarioTotpPasso)
      .values([
        { gl_usuario_id: user.id, passo: step - 10 },
        { gl_usuario_id: user.id, passo: step - 1 },
      ])
      .returning({ id: glUsuarioTotpPasso.id });

    // Sign-in history is kept 180 days; a browser unseen for 400 days is forgotten (decisions 070-072).
    const signIns = await db
      .insert(glUsuarioAcesso)
      .values([
        { gl_usuario_id: user.id, tipo: 'sucesso', datahora_criado: at(-181 * DAY) },
        { gl_usuario_id: user.id, tipo: 'senha_incorreta', datahora_criado: at(-179 * DAY) },
      ])
      .returning({ id: glUsuarioAcesso.id });
    const browsers = await db
      .insert(glUsuarioNavegador)
      .values([
        { gl_usuario_id: user.id, token_hash: 'forgotten', datahora_ultimo_acesso: at(-401 * DAY) },
        { gl_usuario_id: user.id, token_hash: 'known', datahora_ultimo_acesso: at(-399 * DAY) },
      ])
      .returning({ id: glUsuarioNavegador.id });

    const challenges = await db
      .insert(glWebauthnDesafio)
      .values([
        { desafio: 'expired', tipo: 'login', datahora_expira: at(-1000) },
        { desafio: 'live', tipo: 'login', datahora_expira: at(60_000) },
      ])
      .returning({ id: glWebauthnDesafio.id });

    await db.insert(glOidcRegistro).values([
      { modelo: 'Session', id: 'expirada', payload: {}, datahora_expira: at(-1000) },
      { modelo: 'Session', id: 'viva', payload: {}, datahora_expira: at(60_000) },
      { modelo: 'Grant', id: 'sem-prazo', payload: {}, datahora_expira: null },
    ]);

    // The audit trail past its retention (five years by default, decision 099), and one within it.
    await db.insert(glAuditoria).values([
      { datahora: at(-6 * 365 * DAY), acao: 'criar', recurso: 'gl_cliente' },
      { datahora: at(-4 * 365 * DAY), acao: 'criar', recurso: 'gl_cliente' },
    ]);

    // The outbox past its retention (90 days by default, issue 37): sent and abandoned messages
    // go, a message still to send never does.
    const mail = (situacao: string, offsetMs: number) => ({
      destinatario: 'pessoa@teste.com.br',
      assunto: 'Assunto',
      corpo_html: '<p>x</p>',
      corpo_texto: 'x',
      situacao,
      datahora_criado: at(offsetMs),
    });
    const outbox = await db
      .insert(glEmailSaida)
      .values([mail('enviado', -91 * DAY), mail('falhou', -91 * DAY), mail('pendente', -91 * DAY), mail('enviado', -89 * DAY)])
      .returning({ id: glEmailSaida.id });

    const cliente = await createClient(db);
    const invitation = (expira: number, token: string) => ({
      gl_cliente_id: cliente.id,
      email: `${token}@exemplo.com.br`,
      nivel: 20,
      gl_produto_id: produto.id,
      token_hash: token,
      expira_em: at(expira),
      // Used or replaced: only one invitation per e-mail may be open.
      datahora_cancelado: at(expira - 7 * DAY),
    });
    const invitations = await db
      .insert(glClienteConvite)
      .values([invitation(-31 * DAY, 'convite-antigo'), invitation(-29 * DAY, 'convite-recente')])
      .returning({ id: glClienteConvite.id });

    const report = await purgeExpiredRecords(db, now, { auditRetentionDays: 1826, outboxRetentionDays: 90 });

    expect(report).toEqual({
      sessions: 1,
      events: 1,
      resetTokens: 1,
      captchaChallenges: 1,
      throttleKeys: 1,
      totpSteps: 1,
      signIns: 1,
      browsers: 1,
      passkeyChallenges: 1,
      oidcRecords: 1,
      auditEntries: 1,
      outboxMessages: 2,
      invitations: 1,
    });
    const left = {
      sessions: idsOf(
        await db
          .select({ id: glSessao.id })
          .from(glSessao)
          .where(inArray(glSessao.id, idsOf(sessions) as string[])),
      ),
      events: idsOf(
        await db
          .select({ id: glAcessoEvento.id })
          .from(glAcessoEvento)
          .where(inArray(glAcessoEvento.id, idsOf(events) as number[])),
      ),
      tokens: idsOf(
        await db
          .select({ id: glUsuarioSenhaToken.id })
          .from(glUsuarioSenhaToken)
          .where(inArray(glUsuarioSenhaToken.id, idsOf(tokens) as number[])),
      ),
      captchas: idsOf(
        await db
          .select({ id: glCaptchaDesafioUsado.id })
          .from(glCaptchaDesafioUsado)
          .where(inArray(glCaptchaDesafioUsado.id, idsOf(captchas) as number[])),
      ),
      counters: idsOf(
        await db
          .select({ id: glAcessoTentativa.id })
          .from(glAcessoTentativa)
          .where(inArray(glAcessoTentativa.id, idsOf(counters) as number[])),
      ),
      steps: idsOf(
        await db
          .select({ id: glUsuarioTotpPasso.id })
          .from(glUsuarioTotpPasso)
          .where(inArray(glUsuarioTotpPasso.id, idsOf(steps) as number[])),
      ),
      signIns: idsOf(
        await db
          .select({ id: glUsuarioAcesso.id })
          .from(glUsuarioAcesso)
          .where(inArray(glUsuarioAcesso.id, idsOf(signIns) as number[])),
      ),
      browsers: idsOf(
        await db
          .select({ id: glUsuarioNavegador.id })
          .from(glUsuarioNavegador)
          .where(inArray(glUsuarioNavegador.id, idsOf(browsers) as number[])),
      ),
      challenges: idsOf(
        await db
          .select({ id: glWebauthnDesafio.id })
          .from(glWebauthnDesafio)
          .where(inArray(glWebauthnDesafio.id, idsOf(challenges) as number[])),
      ),
      oidcRecords: (await db.select({ id: glOidcRegistro.id }).from(glOidcRegistro)).map((row) => row.id).sort(),
      outbox: idsOf(
        await db
          .select({ id: glEmailSaida.id })
          .from(glEmailSaida)
          .where(inArray(glEmailSaida.id, idsOf(outbox) as number[]))
          .orderBy(glEmailSaida.id),
      ),
      invitations: idsOf(
        await db
          .select({ id: glClienteConvite.id })
          .from(glClienteConvite)
          .where(inArray(glClienteConvite.id, idsOf(invitations) as number[])),
      ),
    };
    expect(left).toEqual({
      sessions: [sessions[1]?.id],
      events: [events[1]?.id],
      tokens: [tokens[1]?.id],
      captchas: [captchas[1]?.id],
      counters: expect.arrayContaining([counters[1]?.id, counters[2]?.id]) as unknown,
      steps: [steps[1]?.id],
      signIns: [signIns[1]?.id],
      browsers: [browsers[1]?.id],
      challenges: [challenges[1]?.id],
      oidcRecords: ['sem-prazo', 'viva'],
      outbox: [outbox[2]?.id, outbox[3]?.id],
      invitations: [invitations[1]?.id],
    });
    expect(left.counters).toHaveLength(2);

    // A second run finds nothing more to do.
    expect(Object.values(await purgeExpiredRecords(db, now)).every((count) => count === 0)).toBe(true);
  });

  it('deletes in batches until nothing matches, counting every row, and leaves the rest', async () => {
    const db = database.db;
    const user = await createUser(db);
    const rows = await db
      .insert(glUsuarioAcesso)
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          gl_usuario_id: user.id,
          tipo: 'sucesso',
          ip: '127.0.0.1',
          datahora_criado: at(-(200 + i) * DAY),
        })),
      )
      .returning({ id: glUsuarioAcesso.id });
    const kept = await db
      .insert(glUsuarioAcesso)
      .values({ gl_usuario_id: user.id, tipo: 'sucesso', ip: '127.0.0.1', datahora_criado: at(-DAY) })
      .returning({ id: glUsuarioAcesso.id });
    const statements: number[] = [];
    const deleted = await repeatBatches(async (size) => {
      const n = await deleteBatch(db, glUsuarioAcesso, glUsuarioAcesso.id, lt(glUsuarioAcesso.datahora_criado, at(-180 * DAY)), size);
      statements.push(n);
      return n;
    }, 3);
    expect(deleted).toBe(7);
    expect(statements).toEqual([3, 3, 1]);
    const left = await db
      .select({ id: glUsuarioAcesso.id })
      .from(glUsuarioAcesso)
      .where(inArray(glUsuarioAcesso.id, [...idsOf(rows), ...idsOf(kept)] as number[]));
    expect(idsOf(left)).toEqual(idsOf(kept));
  });
});
