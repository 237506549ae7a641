import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/database.ts';
import { glArquivo } from '../db/schema.ts';
import type { FileStorage } from './file-storage.ts';

export type StoredFile = typeof glArquivo.$inferSelect;

export interface NewStoredFile {
  /** The name the file came with, kept for display and downloads only (never a path). */
  nome_original: string;
  tipo_mime: string;
  /** Who sent it; null for files the system made. */
  gl_usuario_id?: number | null;
  maxBytes?: number;
}

/** Control characters and path separators never reach a stored name. */
function cleanName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\u0000-\u001f\u007f/\\]+/g, ' ').trim().slice(0, 255);
  return cleaned || 'arquivo';
}

/**
 * Stores the bytes and records them in gl_arquivo. If the row cannot be written the bytes are
 * removed again; the reverse (bytes lost after the row) cannot happen, as the bytes come first.
 */
export async function storeFile(
  db: Queryable,
  storage: FileStorage,
  data: Buffer | Readable,
  meta: NewStoredFile,
): Promise<StoredFile> {
  const stored = await storage.put(data, {
    contentType: meta.tipo_mime,
    ...(meta.maxBytes !== undefined && { maxBytes: meta.maxBytes }),
  });
  try {
    const [row] = await db
      .insert(glArquivo)
      .values({
        nome_original: cleanName(meta.nome_original),
        caminho: stored.key,
        tipo_mime: meta.tipo_mime,
        tamanho: stored.tamanho,
        sha256: stored.sha256,
        gl_usuario_id: meta.gl_usuario_id ?? null,
      })
      .returning();
    if (!row) throw new Error('gl_arquivo insert returned nothing');
    return row;
  } catch (error) {
    await storage.delete(stored.key);
    throw error;
  }
}

/**
 * Deletes the row, then the bytes: if the bytes cannot be removed, what stays is an orphan file,
 * not a row pointing at nothing. Outside a transaction, or as its last step, for the same reason.
 */
export async function deleteFile(db: Queryable, storage: FileStorage, id: number): Promise<void> {
  const [row] = await db.delete(glArquivo).where(eq(glArquivo.id, id)).returning({ caminho: glArquivo.caminho });
  if (row) await storage.delete(row.caminho);
}
