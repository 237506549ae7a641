import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { glArquivo } from '../db/schema.ts';
import { deleteFile, storeFile } from './stored-files.ts';
import { FileTooLargeError, InvalidStorageKeyError, LocalDiskStorage } from './file-storage.ts';

const root = mkdtempSync(path.join(tmpdir(), 'portal-storage-'));
const storage = new LocalDiskStorage(root);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Every file under the root, relative. */
function filesOnDisk(): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('LocalDiskStorage (docs/decisions/013-file-storage.md)', () => {
  it('stores a buffer under a generated key and reads it back', async () => {
    const data = Buffer.from('conteúdo de teste');
    const stored = await storage.put(data, { contentType: 'text/plain' });
    expect(stored.key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
    expect(stored.key.slice(0, 2)).toBe(stored.key.slice(3, 5));
    expect(stored).toMatchObject({ tamanho: data.length, sha256: sha256(data) });
    expect((await buffer(storage.open(stored.key))).equals(data)).toBe(true);
  });

  it('stores a stream in chunks, measuring and hashing it on the way', async () => {
    const chunks = Array.from({ length: 50 }, (_, index) => Buffer.alloc(10_000, index));
    const stored = await storage.put(Readable.from(chunks), { contentType: 'application/octet-stream' });
    const all = Buffer.concat(chunks);
    expect(stored).toMatchObject({ tamanho: all.length, sha256: sha256(all) });
  });

  it('gives every file its own key, whatever its content', async () => {
    const data = Buffer.from('igual');
    const [first, second] = [await storage.put(data, { contentType: 'text/plain' }), await storage.put(data, { contentType: 'text/plain' })];
    expect(first.key).not.toBe(second.key);
  });

  it('refuses content past maxBytes while streaming and leaves nothing behind', async () => {
    const before = filesOnDisk();
    // Many times: a refusal can come before the temporary file is even open (a race CI found).
    for (let attempt = 0; attempt < 30; attempt++) {
      const endless = Readable.from(Array.from({ length: 100 }, () => Buffer.alloc(1024, 1)));
      await expect(storage.put(endless, { contentType: 'image/png', maxBytes: 5000 })).rejects.toBeInstanceOf(FileTooLargeError);
      const atOnce = Readable.from([Buffer.alloc(10_000, 1)]);
      await expect(storage.put(atOnce, { contentType: 'image/png', maxBytes: 5000 })).rejects.toBeInstanceOf(FileTooLargeError);
    }
    expect(filesOnDisk()).toEqual(before);
    // Exactly the limit is fine.
    const stored = await storage.put(Buffer.alloc(5000), { contentType: 'image/png', maxBytes: 5000 });
    expect(stored.tamanho).toBe(5000);
  });

  it('accepts only keys it generates: no path traversal, no absolute paths', async () => {
    for (const key of ['../segredo', '/etc/passwd', 'ab/../../x', 'ab/cd', 'AB/' + 'A'.repeat(32), 'ab\\' + 'a'.repeat(32), '', 'ab/' + 'a'.repeat(32) + '/..']) {
      expect(() => storage.open(key), key).toThrow(InvalidStorageKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
  });

  it('deletes, and deleting twice is fine; a missing key fails when read', async () => {
    const stored = await storage.put(Buffer.from('x'), { contentType: 'text/plain' });
    await storage.delete(stored.key);
    await storage.delete(stored.key);
    expect(existsSync(path.join(root, stored.key))).toBe(false);
    await expect(buffer(storage.open(stored.key))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('storeFile / deleteFile', () => {
  it('records the stored bytes in gl_arquivo, never the sender’s file name as the path', async () => {
    const data = Buffer.from('%PDF-1.4 teste');
    const arquivo = await storeFile(handle.db, storage, data, {
      nome_original: '../../etc/comprovante\u0000.pdf',
      tipo_mime: 'application/pdf',
    });
    expect(arquivo).toMatchObject({
      tipo_mime: 'application/pdf',
      tamanho: data.length,
      sha256: sha256(data),
      gl_usuario_id: null,
      nome_original: '.. .. etc comprovante .pdf',
    });
    expect(arquivo.caminho).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
    expect((await buffer(storage.open(arquivo.caminho))).equals(data)).toBe(true);

    await deleteFile(handle.db, storage, arquivo.id);
    expect(await handle.db.select().from(glArquivo).where(eq(glArquivo.id, arquivo.id))).toEqual([]);
    expect(existsSync(path.join(root, arquivo.caminho))).toBe(false);
  });

  it('removes the bytes again when the row cannot be written', async () => {
    const before = filesOnDisk();
    await expect(
      storeFile(handle.db, storage, Buffer.from('x'), { nome_original: 'a.txt', tipo_mime: 'text/plain', gl_usuario_id: 2_000_000_000 }),
    ).rejects.toThrow();
    expect(filesOnDisk()).toEqual(before);
  });
});
