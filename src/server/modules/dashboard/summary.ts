import { sql } from 'drizzle-orm';
import { addDays, todayInSaoPaulo } from '#shared/dates';
import { fromCents, toCents } from '#shared/format';
import { canChangePlan } from '#shared/levels';
import { amountDue } from '#shared/overdue-charges';
import type { PainelResumoDto } from '#shared/schemas/dashboard';
import { SITUACAO } from '#shared/schemas/invoices';
import type { Queryable } from '../../platform/db/database.ts';
import { periodPrice } from '../billing/index.ts';

type SummaryRow = {
  /** The person's level in the client by their link; null: not linked. */
  nivel: number | null;
  contas: number;
  aberto: { total: string; quantidade: number; vencidas: number; vencida_desde: string | null } | null;
  proxima: {
    id: number;
    valor: string;
    data_vencimento: string;
    pix: boolean;
    boleto: boolean;
    multa: string | null;
    juros: string | null;
  } | null;
  contrato: {
    id: number;
    plano_nome: string;
    cobranca_tipo_desc: string;
    valor: string;
    valor_promocional: string | null;
    flag_gratuito: boolean;
    promocao_ate: string | null;
    periodo_inicio: string;
    periodo_fim: string;
    forma_pagamento: string | null;
    evento: { plano_novo: string; cobranca_tipo_desc: string; agendamento_data: string | null } | null;
  } | null;
  exclusao: string | null;
};

const UNPAID = sql.raw(`${SITUACAO.fechada}, ${SITUACAO.vencida}`);

/**
 * Everything the Painel shows, in ONE query of subqueries, each by an index: the person's link
 * and links (gl_cliente_usuario's keys), the client's unpaid invoices (the partial index
 * pg_fatura_a_pagar_cliente_idx, so a client's paid history is never read), its active contract
 * (unique per client and product) and the person's scheduled deletion.
 */
async function readSummary(
  db: Queryable,
  who: { usuarioId: number; clienteId: number; produtoId: number | null },
  today: string,
): Promise<SummaryRow> {
  const { usuarioId, clienteId, produtoId } = who;
  const result = (await db.execute<SummaryRow>(sql`
    select
      (select cu.nivel from gl_cliente_usuario cu
        where cu.gl_cliente_id = ${clienteId} and cu.gl_usuario_id = ${usuarioId}) as nivel,
      (select count(*)::int from gl_cliente_usuario cu where cu.gl_usuario_id = ${usuarioId}) as contas,
      (select json_build_object(
          'total', coalesce(sum(f.valor), 0)::text, 'quantidade', count(*),
          'vencidas', count(*) filter (where f.data_vencimento < ${today}::date),
          'vencida_desde', min(f.data_vencimento) filter (where f.data_vencimento < ${today}::date))
        from pg_fatura f where f.gl_cliente_id = ${clienteId} and f.situacao in (${UNPAID})) as aberto,
      (select json_build_object(
          'id', f.id, 'valor', f.valor::text, 'data_vencimento', f.data_vencimento,
          'pix', coalesce(k.pix_chave is not null, false),
          'boleto', coalesce(k.boleto_banco is not null, false),
          'multa', k.multa_percentual::text, 'juros', k.juros_mensal_percentual::text)
        from pg_fatura f
        left join gl_contrato c on c.id = f.gl_contrato_id
        left join pg_conta k on k.id = c.pg_conta_id
        where f.gl_cliente_id = ${clienteId} and f.situacao in (${UNPAID})
        order by f.data_vencimento, f.id limit 1) as proxima,
      (select json_build_object(
          'id', c.id, 'plano_nome', p.nome_exibicao, 'cobranca_tipo_desc', pp.cobranca_tipo_desc,
          'valor', pp.valor::text, 'valor_promocional', pp.valor_promocional::text,
          'flag_gratuito', pp.flag_gratuito, 'promocao_ate', c.promocao_ate,
          'periodo_inicio', c.periodo_inicio, 'periodo_fim', c.periodo_fim,
          'forma_pagamento', k.nome_exibicao,
          'evento', (select json_build_object(
              'plano_novo', pe.nome_exibicao, 'cobranca_tipo_desc', ppe.cobranca_tipo_desc,
              'agendamento_data', e.agendamento_data)
            from gl_contrato_evento e
            join gl_plano pe on pe.id = e.gl_plano_id
            join gl_plano_pagamento ppe on ppe.id = e.gl_plano_pagamento_id
            where e.gl_contrato_id = c.id and e.situacao = 'pendente'))
        from gl_contrato c
        join gl_plano p on p.id = c.gl_plano_id
        join gl_plano_pagamento pp on pp.id = c.gl_plano_pagamento_id
        left join pg_conta k on k.id = c.pg_conta_id
        where c.gl_cliente_id = ${clienteId} and c.gl_produto_id = ${produtoId} and c.ativo) as contrato,
      (select max(r.datahora_agendado) from gl_privacidade_pedido r
        where r.gl_usuario_id = ${usuarioId} and r.tipo = 'exclusao' and r.situacao = 'agendado') as exclusao
  `)) as { rows: SummaryRow[] };
  const row = result.rows[0];
  if (!row) throw new Error('painel summary: no row');
  return row;
}

const instant = (value: string | Date | null) =>
  value === null ? null : new Date(value).toISOString();

/**
 * GET /api/painel/resumo for the session's person, client and product. Money only for a person
 * linked to the client (the invoice list is theirs by the same link, decision 030); plan
 * actions only for level 10 or lower (§6).
 */
export async function dashboardSummary(
  db: Queryable,
  who: { usuarioId: number; clienteId: number | null; produtoId: number | null },
  now: Date = new Date(),
): Promise<PainelResumoDto> {
  const today = todayInSaoPaulo(now);
  const row = await readSummary(db, { ...who, clienteId: who.clienteId ?? 0 }, today);
  const linked = who.clienteId !== null && row.nivel !== null;
  const k = row.contrato;
  const contrato: PainelResumoDto['contrato'] = k && {
    id: k.id,
    plano_nome: k.plano_nome,
    cobranca_tipo_desc: k.cobranca_tipo_desc,
    valor: fromCents(
      periodPrice(
        {
          valor: k.valor,
          valorPromocional: k.valor_promocional,
          flagGratuito: k.flag_gratuito,
        },
        k.periodo_inicio,
        k.promocao_ate,
      ).cents,
    ),
    periodo_inicio: k.periodo_inicio,
    periodo_fim: k.periodo_fim,
    renovacao: addDays(k.periodo_fim, 1),
    forma_pagamento: k.forma_pagamento,
  };
  return {
    em_aberto:
      linked && row.aberto
        ? {
            total: fromCents(toCents(row.aberto.total) ?? 0),
            quantidade: row.aberto.quantidade,
            vencidas: row.aberto.vencidas,
            vencida_desde: row.aberto.vencida_desde,
            proxima: row.proxima && {
              id: row.proxima.id,
              // What is due today: with the late charges of an overdue invoice (decision 110).
              valor: amountDue(row.proxima.valor, row.proxima.data_vencimento, today, row.proxima),
              data_vencimento: row.proxima.data_vencimento,
              pix: row.proxima.pix,
              boleto: row.proxima.boleto,
            },
          }
        : null,
    contrato: who.clienteId === null ? null : contrato,
    mudanca_pendente:
      k?.evento && who.clienteId !== null
        ? {
            plano_atual: k.plano_nome,
            plano_novo: k.evento.plano_novo,
            cobranca_tipo_desc: k.evento.cobranca_tipo_desc,
            agendamento_data: k.evento.agendamento_data,
          }
        : null,
    exclusao_agendada: instant(row.exclusao),
    pode_mudar_plano: linked && canChangePlan(row.nivel),
    contas: row.contas,
  };
}
