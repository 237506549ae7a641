import { desc, eq } from 'drizzle-orm';
import type { LegalDocument } from '#shared/legal';
import type { ExportState, PrivacyOverview } from '#shared/schemas/privacy';
import type { Queryable } from '../../platform/db/database.ts';
import { glPrivacidadePedido } from '../../platform/db/schema.ts';
import { currentVersions, listConsents, pendingConsents } from './legal-versions.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * What the person sees on their privacy page: their consents and the versions in force, their
 * last copy of the data (data-export.ts) and a scheduled deletion (account-deletion.ts).
 */
export async function privacyOverview(db: Queryable, usuarioId: number): Promise<PrivacyOverview> {
  const [consents, versions, pending, requests] = await Promise.all([
    listConsents(db, usuarioId),
    currentVersions(db),
    pendingConsents(db, usuarioId),
    db
      .select({
        id: glPrivacidadePedido.id,
        tipo: glPrivacidadePedido.tipo,
        situacao: glPrivacidadePedido.situacao,
        progresso: glPrivacidadePedido.progresso,
        datahora_criado: glPrivacidadePedido.datahora_criado,
        datahora_expira: glPrivacidadePedido.datahora_expira,
        datahora_agendado: glPrivacidadePedido.datahora_agendado,
      })
      .from(glPrivacidadePedido)
      .where(eq(glPrivacidadePedido.gl_usuario_id, usuarioId))
      .orderBy(desc(glPrivacidadePedido.id)),
  ]);
  const lastExport = requests.find((request) => request.tipo === 'exportacao');
  const deletion = requests.find(
    (request) => request.tipo === 'exclusao' && request.situacao === 'agendado',
  );
  const now = Date.now();
  const exportState = (row: NonNullable<typeof lastExport>): ExportState =>
    row.situacao === 'pronto' && row.datahora_expira && row.datahora_expira.getTime() <= now
      ? 'expirado'
      : (row.situacao as ExportState);
  return {
    consentimentos: consents.map((row) => ({
      documento: row.documento as LegalDocument,
      versao: row.versao,
      datahora_aceite: row.datahora_aceite.toISOString(),
      ip: row.ip,
    })),
    versoes_atuais: versions,
    termos_pendentes: pending,
    exportacao: lastExport
      ? {
          id: lastExport.id,
          situacao: exportState(lastExport),
          progresso: lastExport.progresso,
          datahora_pedido: lastExport.datahora_criado.toISOString(),
          datahora_expira: iso(lastExport.datahora_expira),
        }
      : null,
    exclusao: deletion?.datahora_agendado
      ? {
          id: deletion.id,
          datahora_pedido: deletion.datahora_criado.toISOString(),
          datahora_agendado: deletion.datahora_agendado.toISOString(),
        }
      : null,
  };
}
