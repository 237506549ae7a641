import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database.ts';
import { glCliente, glClienteUsuario, glProduto, glUsuario } from '../../db/schema.ts';
import type { OpenPlanChange } from '#shared/schemas/plano';
import { findActiveContract, findOpenPlanChange } from '../contrato/service.ts';
import type { SessionRecord } from '../../session/session-store.ts';

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

export async function describeSession(
  db: Queryable,
  record: SessionRecord,
  envProduction: boolean,
): Promise<SessionInfo | null> {
  const [usuario] = await db
    .select({ id: glUsuario.id, nome: glUsuario.nome, nivel: glUsuario.nivel, ativo: glUsuario.ativo })
    .from(glUsuario)
    .where(eq(glUsuario.id, record.usuarioId));
  if (!usuario?.ativo) return null;

  let cliente: SessionInfo['cliente'] = null;
  let clientLevel: number | null = null;
  if (record.clienteId !== null) {
    const [row] = await db
      .select({
        id: glCliente.id,
        razao_social: glCliente.razao_social,
        nome_fantasia: glCliente.nome_fantasia,
        fatura_token: glCliente.fatura_token,
        nivel: glClienteUsuario.nivel,
      })
      .from(glCliente)
      .leftJoin(
        glClienteUsuario,
        and(eq(glClienteUsuario.gl_cliente_id, glCliente.id), eq(glClienteUsuario.gl_usuario_id, usuario.id)),
      )
      .where(eq(glCliente.id, record.clienteId));
    // Only a linked user or staff (an admin's client selection, §6) may see the client; its
    // invoice token only the linked user.
    if (row && (row.nivel !== null || usuario.nivel !== null)) {
      cliente = {
        id: row.id,
        nome_fantasia: row.nome_fantasia ?? row.razao_social,
        razao_social: row.razao_social,
        fatura_token: row.nivel !== null ? row.fatura_token : null,
      };
      clientLevel = row.nivel;
    }
  }

  let produto: SessionInfo['produto'] = null;
  if (record.produtoId !== null) {
    const [row] = await db
      .select({
        id: glProduto.id,
        nome: glProduto.nome,
        logo_url: glProduto.logo_url,
        cadastro_usuario_inativo: glProduto.cadastro_usuario_inativo,
      })
      .from(glProduto)
      .where(eq(glProduto.id, record.produtoId));
    produto = row ?? null;
  }

  let contrato: SessionInfo['contrato'] = null;
  const row = cliente && produto ? await findActiveContract(db, cliente.id, produto.id) : null;
  if (row) {
    contrato = {
      id: row.id,
      periodo_inicio: row.periodo_inicio,
      periodo_fim: row.periodo_fim,
      plano: { id: row.plano_id, nome_exibicao: row.plano_nome_exibicao },
    };
  }

  return {
    usuario: { id: usuario.id, nome: usuario.nome, nivel: effectiveLevel(usuario.nivel, clientLevel) },
    cliente,
    clienteUsuario_nivel: clientLevel,
    produto,
    contrato,
    contrato_evento_aberto: contrato ? await findOpenPlanChange(db, contrato.id) : null,
    env_production: envProduction,
  };
}
