import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/database.ts';
import { glSessao, glUsuario } from '../../platform/db/schema.ts';
import type { OpenPlanChange } from '#shared/schemas/plans';
import type { SessionLookupExtra, SessionRecord } from '../../platform/session/session-store.ts';

/** §3 Session: what the SPA knows about who is signed in, where. */
export interface SessionInfo {
  usuario: { id: number; nome: string; nivel: number | null } | null;
  /**
   * fatura_token: the client's invoice-list token (§6), for the dashboard's link; only for a
   * person linked to the client (decision 030: customer powers come from the link alone).
   */
  cliente: { id: number; nome_fantasia: string; razao_social: string; fatura_token: string | null } | null;
  /**
   * The person's level in the selected client by their link (§3's login info has the same
   * field); null without a link. What the customer screens decide by (the plan change's
   * 'Contate seu Gerente', §6), as the customer routes do.
   */
  clienteUsuario_nivel: number | null;
  produto: { id: number; nome: string; logo_url: string | null; cadastro_usuario_inativo: boolean } | null;
  contrato: {
    id: number;
    periodo_inicio: string;
    periodo_fim: string;
    plano: { id: number; nome_exibicao: string };
    /** The payment option (gl_plano_pagamento) it is billed by: the plans page's 'Plano atual'. */
    plano_pagamento_id: number;
  } | null;
  /** The contract's pending plan change, as the login info's (§3); ours here (decision 020). */
  contrato_evento_aberto: OpenPlanChange | null;
  env_production: boolean;
}

export const anonymousSession = (envProduction: boolean): SessionInfo => ({
  usuario: null,
  cliente: null,
  clienteUsuario_nivel: null,
  produto: null,
  contrato: null,
  contrato_evento_aberto: null,
  env_production: envProduction,
});

/**
 * The user's level where they are: the stronger (lower, §6) of their staff level and their level
 * in the selected client.
 */
function effectiveLevel(staffLevel: number | null, clientLevel: number | null): number | null {
  const levels = [staffLevel, clientLevel].filter((level): level is number => level !== null);
  return levels.length ? Math.min(...levels) : null;
}

/** The session's context as GET /api/sessao/web reads it with the session, in one query. */
interface ContextRow {
  cliente: { id: number; razao_social: string; nome_fantasia: string | null; fatura_token: string; nivel: number | null } | null;
  produto: { id: number; nome: string; logo_url: string | null; cadastro_usuario_inativo: boolean } | null;
  contrato: {
    id: number;
    periodo_inicio: string;
    periodo_fim: string;
    plano: { id: number; nome_exibicao: string };
    plano_pagamento_id: number;
    evento: { id: number; plano_nome_exibicao: string; cobranca_tipo_desc: string; agendamento_data: string | null } | null;
  } | null;
}

/**
 * The session's client (with the person's link), product, active contract and the contract's
 * pending plan change, read in the session lookup's own query, each part a subquery
 * by primary or unique key: a client has one active contract per product and a contract one
 * pending change (partial unique indexes). Subqueries rather than one wide join: PostgreSQL plans
 * them in a fraction of the time (the embedded database plans every query it runs).
 */
export const SESSION_CONTEXT_LOOKUP: SessionLookupExtra = {
  name: 'sessao_web',
  fields: {
    cliente: sql`(select json_build_object(
        'id', c.id, 'razao_social', c.razao_social, 'nome_fantasia', c.nome_fantasia, 'fatura_token', c.fatura_token,
        'nivel', (select cu.nivel from gl_cliente_usuario cu where cu.gl_cliente_id = c.id and cu.gl_usuario_id = ${glSessao.gl_usuario_id}))
      from gl_cliente c where c.id = ${glSessao.gl_cliente_id})`,
    produto: sql`(select json_build_object(
        'id', p.id, 'nome', p.nome, 'logo_url', p.logo_url, 'cadastro_usuario_inativo', p.cadastro_usuario_inativo)
      from gl_produto p where p.id = ${glSessao.gl_produto_id})`,
    contrato: sql`(select json_build_object(
        'id', k.id, 'periodo_inicio', k.periodo_inicio, 'periodo_fim', k.periodo_fim,
        'plano', json_build_object('id', pl.id, 'nome_exibicao', pl.nome_exibicao),
        'plano_pagamento_id', k.gl_plano_pagamento_id,
        'evento', (select json_build_object(
            'id', e.id, 'plano_nome_exibicao', pe.nome_exibicao, 'cobranca_tipo_desc', pp.cobranca_tipo_desc,
            'agendamento_data', e.agendamento_data)
          from gl_contrato_evento e
          join gl_plano pe on pe.id = e.gl_plano_id
          join gl_plano_pagamento pp on pp.id = e.gl_plano_pagamento_id
          where e.gl_contrato_id = k.id and e.situacao = 'pendente'))
      from gl_contrato k join gl_plano pl on pl.id = k.gl_plano_id
      where k.gl_cliente_id = ${glSessao.gl_cliente_id} and k.gl_produto_id = ${glSessao.gl_produto_id} and k.ativo)`,
  },
};

/** The context of a session started in this request (no lookup ran): the same fields. */
async function loadContext(db: Queryable, sessionId: string): Promise<ContextRow | null> {
  const [row] = await db
    .select(Object.fromEntries(Object.entries(SESSION_CONTEXT_LOOKUP.fields).map(([name, field]) => [name, sql`${field}`.as(name)])))
    .from(glSessao)
    .where(eq(glSessao.id, sessionId));
  return (row as ContextRow | undefined) ?? null;
}

export async function describeSession(
  db: Queryable,
  record: SessionRecord,
  envProduction: boolean,
): Promise<SessionInfo | null> {
  const usuario =
    record.user ??
    (
      await db
        .select({ nome: glUsuario.nome, nivel: glUsuario.nivel, ativo: glUsuario.ativo })
        .from(glUsuario)
        .where(eq(glUsuario.id, record.usuarioId))
    )[0];
  if (!usuario?.ativo) return null;
  const row = (record.extra as ContextRow | undefined) ?? (await loadContext(db, record.id));
  // The session ended meanwhile (a logout in another tab).
  if (!row) return null;

  let cliente: SessionInfo['cliente'] = null;
  let clientLevel: number | null = null;
  // Only a linked user or staff (an admin's client selection, §6) may see the client; its
  // invoice token only the linked user.
  if (row.cliente && (row.cliente.nivel !== null || usuario.nivel !== null)) {
    cliente = {
      id: row.cliente.id,
      nome_fantasia: row.cliente.nome_fantasia ?? row.cliente.razao_social,
      razao_social: row.cliente.razao_social,
      fatura_token: row.cliente.nivel !== null ? row.cliente.fatura_token : null,
    };
    clientLevel = row.cliente.nivel;
  }
  const produto: SessionInfo['produto'] = row.produto;
  const contrato: SessionInfo['contrato'] =
    cliente && row.contrato
      ? {
          id: row.contrato.id,
          periodo_inicio: row.contrato.periodo_inicio,
          periodo_fim: row.contrato.periodo_fim,
          plano: row.contrato.plano,
          plano_pagamento_id: row.contrato.plano_pagamento_id,
        }
      : null;
  const evento = contrato ? row.contrato?.evento : null;
  const contrato_evento_aberto: OpenPlanChange | null = evento
    ? {
        id: evento.id,
        plano: { nome_exibicao: evento.plano_nome_exibicao },
        plano_pagamento: { cobranca_tipo_desc: evento.cobranca_tipo_desc },
        agendamento_data: evento.agendamento_data,
      }
    : null;

  return {
    usuario: { id: record.usuarioId, nome: usuario.nome, nivel: effectiveLevel(usuario.nivel, clientLevel) },
    cliente,
    clienteUsuario_nivel: clientLevel,
    produto,
    contrato,
    contrato_evento_aberto,
    env_production: envProduction,
  };
}
