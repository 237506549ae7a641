import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { glArquivo } from '../db/schema.ts';
import { LocalDiskStorage } from './file-storage.ts';
import { sniffKind, storeUpload } from './uploads.ts';

const MAX = 5 * 1024 * 1024;
const root = mkdtempSync(path.join(tmpdir(), 'uploads-'));
const storage = new LocalDiskStorage(root);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    configure: (app) => {
      // A route as the plan change and the staff screens use the helper.
      app.post('/api/teste/upload', async (request) => {
        const stored = [];
        for await (const part of request.files({ limits: { fileSize: MAX + 1 } })) {
          stored.push(await storeUpload(t.db, storage, part, { accept: ['png', 'jpeg', 'pdf'], maxBytes: MAX, usuarioId: null }));
        }
        return {
          status: 200,
          data: stored.map((row) => ({ tipo_mime: row.tipo_mime, tamanho: row.tamanho, caminho: row.caminho, nome_original: row.nome_original })),
        };
      });
    },
  });
});
afterAll(() => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(300)]);
const EXE = Buffer.concat([Buffer.from('MZ'), randomBytes(300)]);

const upload = (files: { name: string; content: Buffer }[]) =>
  new ApiAgent(t.app).postMultipart(
    '/api/teste/upload',
    {},
    files.map((file) => ({ field: 'comprovantes', filename: file.name, content: file.content })),
  );

const storedFiles = async () => (await readdir(root, { recursive: true })).filter((name) => name.includes('/') || name.length > 2);
const arquivoCount = async () => (await t.db.select({ n: count() }).from(glArquivo))[0]?.n ?? 0;

describe('sniffKind', () => {
  it('tells PNG, JPEG, PDF and XML by their first bytes', () => {
    expect(sniffKind(PNG)).toBe('png');
    expect(sniffKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpeg');
    expect(sniffKind(PDF)).toBe('pdf');
    expect(sniffKind(Buffer.from('\uFEFF  <?xml version="1.0"?><a/>'))).toBe('xml');
    expect(sniffKind(EXE)).toBeNull();
    expect(sniffKind(Buffer.alloc(0))).toBeNull();
  });
});

describe('storeUpload', () => {
  it('stores accepted files under generated names with the type read from the content', async () => {
    const before = await arquivoCount();
    const response = await upload([
      { name: 'comprovante.png', content: PNG },
      { name: 'contrato social.pdf', content: PDF },
    ]);
    expect(response.status).toBe(200);
    const data = (response.body as unknown as { data: { tipo_mime: string; tamanho: number; caminho: string }[] }).data;
    expect(data.map((row) => [row.tipo_mime, row.tamanho])).toEqual([
      ['image/png', PNG.length],
      ['application/pdf', PDF.length],
    ]);
    for (const row of data) expect(row.caminho).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
    expect(await arquivoCount()).toBe(before + 2);
  });

  it('accepts exactly 5 MB and refuses 5 MB + 1 byte, keeping nothing of it', async () => {
    const exact = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(MAX - 9, 0x20)]);
    expect((await upload([{ name: 'grande.pdf', content: exact }])).status).toBe(200);
    const before = await arquivoCount();
    const files = (await storedFiles()).length;
    const tooBig = Buffer.concat([exact, Buffer.from(' ')]);
    const response = await upload([{ name: 'grande-demais.pdf', content: tooBig }]);
    expect(response.status).toBe(413);
    expect(response.body.errors).toEqual({
      comprovantes: ['O arquivo "grande-demais.pdf" passa do limite de 5 MB.'],
    });
    expect(await arquivoCount()).toBe(before);
    expect((await storedFiles()).length).toBe(files);
  });

  it('names the stored file with the extension of the type read from the content, not the one sent (decision 013)', async () => {
    const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(200)]);
    const response = await upload([
      { name: 'fatura.html', content: PNG },
      { name: 'recibo.svg', content: PDF },
      { name: 'comprovante', content: PNG },
      { name: 'foto.JPG', content: JPEG },
      { name: 'foto.jpeg', content: JPEG },
      { name: 'relatorio.final.exe', content: PDF },
      { name: '.htaccess', content: PNG },
    ]);
    expect(response.status).toBe(200);
    const names = (response.body.data as { nome_original: string }[]).map((row) => row.nome_original);
    expect(names).toEqual([
      'fatura.png',
      'recibo.pdf',
      'comprovante.png',
      'foto.JPG',
      'foto.jpeg',
      'relatorio.final.pdf',
      'htaccess.png',
    ]);
  });

  it('refuses a program renamed .pdf and a PNG named .pdf', async () => {
    const before = await arquivoCount();
    for (const file of [
      { name: 'fatura.pdf', content: EXE },
      { name: 'foto.pdf', content: PNG },
      { name: 'nota.xml', content: Buffer.from('<?xml version="1.0"?><nota/>') },
    ]) {
      const response = await upload([file]);
      expect(response.status).toBe(415);
      expect(response.body.errors).toEqual({
        comprovantes: [`O arquivo "${file.name}" não é um PNG, JPEG ou PDF válido.`],
      });
    }
    expect(await arquivoCount()).toBe(before);
  });
});
