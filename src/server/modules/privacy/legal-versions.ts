import { asc, desc, eq } from 'drizzle-orm';
import { LEGAL_DOCUMENTS, LEGAL_DOCUMENT_KEYS, type LegalDocument } from '#shared/legal';
import type { DocumentVersion } from '#shared/schemas/privacy';
import type { Queryable } from '../../platform/db/database.ts';
import { glDocumentoVersao, glUsuarioTermoAceite } from '../../platform/db/schema.ts';

/**
 * The version of each legal page in force: the newest staff published (gl_documento_versao,
 * issue 19). A consent names one of these; the sign-up records them, and a person who has not
 * accepted the current one is asked at their next sign-in.
 */
export async function currentVersions(db: Queryable): Promise<DocumentVersion[]> {
  const rows = await db
    .selectDistinctOn([glDocumentoVersao.documento], {
      documento: glDocumentoVersao.documento,
      versao: glDocumentoVersao.versao,
      resumo: glDocumentoVersao.resumo,
      datahora_publicado: glDocumentoVersao.datahora_publicado,
    })
    .from(glDocumentoVersao)
    .orderBy(
      glDocumentoVersao.documento,
      desc(glDocumentoVersao.datahora_publicado),
      desc(glDocumentoVersao.id),
    );
  return LEGAL_DOCUMENT_KEYS.map((documento) => {
    const row = rows.find((candidate) => candidate.documento === documento);
    return {
      documento,
      titulo: LEGAL_DOCUMENTS[documento].titulo,
      // Before any publication (an empty table), the version the code ships with.
      versao: row?.versao ?? LEGAL_DOCUMENTS[documento].versao,
      resumo: row?.resumo ?? null,
      datahora_publicado: (row?.datahora_publicado ?? new Date(0)).toISOString(),
    };
  });
}

/** The documents whose version in force the person has not accepted. */
export async function pendingConsents(db: Queryable, usuarioId: number): Promise<LegalDocument[]> {
  const versions = await currentVersions(db);
  const accepted = await db
    .select({ documento: glUsuarioTermoAceite.documento, versao: glUsuarioTermoAceite.versao })
    .from(glUsuarioTermoAceite)
    .where(eq(glUsuarioTermoAceite.gl_usuario_id, usuarioId));
  return versions
    .filter(
      (version) =>
        !accepted.some(
          (row) => row.documento === version.documento && row.versao === version.versao,
        ),
    )
    .map((version) => version.documento);
}

/**
 * Records the acceptance of the versions in force (the sign-up's consent, or a new version's).
 * A version already accepted is not recorded twice (one row per document and version).
 */
export async function acceptCurrentVersions(
  db: Queryable,
  usuarioId: number,
  meta: { ip: string; now: Date },
): Promise<void> {
  const versions = await currentVersions(db);
  await db
    .insert(glUsuarioTermoAceite)
    .values(
      versions.map((version) => ({
        gl_usuario_id: usuarioId,
        documento: version.documento,
        versao: version.versao,
        ip: meta.ip,
        datahora_aceite: meta.now,
      })),
    )
    .onConflictDoNothing();
}

/** The person's acceptances, newest first: what they accepted, when, from where. */
export function listConsents(db: Queryable, usuarioId: number) {
  return db
    .select({
      documento: glUsuarioTermoAceite.documento,
      versao: glUsuarioTermoAceite.versao,
      datahora_aceite: glUsuarioTermoAceite.datahora_aceite,
      ip: glUsuarioTermoAceite.ip,
    })
    .from(glUsuarioTermoAceite)
    .where(eq(glUsuarioTermoAceite.gl_usuario_id, usuarioId))
    .orderBy(desc(glUsuarioTermoAceite.datahora_aceite), asc(glUsuarioTermoAceite.documento));
}
