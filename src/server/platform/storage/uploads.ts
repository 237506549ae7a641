import path from 'node:path';
import { Readable } from 'node:stream';
import { ERROR_CODES, MESSAGES } from '#shared/messages';
import { AppError } from '../errors.ts';
import type { Queryable } from '../db/database.ts';
import { storeFile, type StoredFile } from './stored-files.ts';
import { FileTooLargeError, StorageUnavailableError, type FileStorage } from './file-storage.ts';

/**
 * Uploads received from a person (decision 013): the type is read from the content's first
 * bytes, never from the name or the browser's MIME type; the size is enforced while the bytes
 * stream to storage; the storage key is generated, and the name kept for downloads takes the
 * extension of the content's type (docs/decisions/013-file-storage.md).
 */
export type UploadKind = 'png' | 'jpeg' | 'pdf' | 'xml';

const UPLOAD_KINDS: Record<UploadKind, { mime: string; label: string; extensions: string[] }> = {
  png: { mime: 'image/png', label: 'PNG', extensions: ['.png'] },
  jpeg: { mime: 'image/jpeg', label: 'JPEG', extensions: ['.jpg', '.jpeg', '.jpe'] },
  pdf: { mime: 'application/pdf', label: 'PDF', extensions: ['.pdf'] },
  xml: { mime: 'application/xml', label: 'XML', extensions: ['.xml'] },
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SNIFF_BYTES = 64;

/** The kind the content's signature says (PNG, JPEG, %PDF-, an XML declaration), or null. */
export function sniffKind(head: Buffer): UploadKind | null {
  if (head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  // An XML document starts with its declaration, after an optional BOM and blank space.
  const text = head.toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('<?xml')) return 'xml';
  return null;
}

/** The first bytes of a stream, and a stream that still yields all of them. */
async function peek(source: Readable, bytes: number): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < bytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* rest() {
    yield head;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, stream: Readable.from(rest()) };
}

const kindList = (kinds: readonly UploadKind[]) => {
  const labels = kinds.map((kind) => UPLOAD_KINDS[kind].label);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} ou ${labels.at(-1)}` : (labels[0] ?? '');
};

const uploadMessages = {
  wrongType: (name: string, kinds: readonly UploadKind[]) =>
    `O arquivo "${name}" não é um ${kindList(kinds)} válido.`,
  tooLarge: (name: string, maxBytes: number) =>
    `O arquivo "${name}" passa do limite de ${Math.round(maxBytes / (1024 * 1024))} MB.`,
};

/**
 * The name a stored file keeps for display and downloads: the sent name with the extension of
 * the kind its content is (decision 013). 'fatura.html' holding a PNG is kept as
 * 'fatura.png', so a download can never be opened as another type by its name; a name that
 * already ends in one of the kind's extensions ('foto.JPG') stays as it is.
 */
function storedName(name: string, kind: UploadKind): string {
  const { extensions } = UPLOAD_KINDS[kind];
  const extension = path.extname(name);
  if (extensions.includes(extension.toLowerCase())) return name;
  const stem = (extension ? name.slice(0, -extension.length) : name).replace(/^\.+/, '').trim();
  return `${stem || 'arquivo'}${extensions[0] ?? ''}`;
}

export interface UploadedFile {
  /** The multipart field the file came in, for the field error. */
  fieldname: string;
  filename: string;
  file: Readable;
}

/**
 * Checks and stores one uploaded file, recording it in gl_arquivo. Refusals are 415 (type), 413
 * (size) or 507 (the disk is full or read-only) with the message on the file's field; the rest of a refused stream is drained so the
 * request can finish.
 */
export async function storeUpload(
  db: Queryable,
  storage: FileStorage,
  upload: UploadedFile,
  options: { accept: readonly UploadKind[]; maxBytes: number; usuarioId: number | null },
): Promise<StoredFile> {
  const name = upload.filename || 'arquivo';
  const refuse = (status: number, message: string, code: string) => {
    upload.file.resume();
    return new AppError(status, message, code, { [upload.fieldname]: [message] });
  };
  const { head, stream } = await peek(upload.file, SNIFF_BYTES);
  const kind = sniffKind(head);
  const extension = path.extname(name).toLowerCase();
  const namedAs = (Object.keys(UPLOAD_KINDS) as UploadKind[]).find((candidate) =>
    UPLOAD_KINDS[candidate].extensions.includes(extension),
  );
  // Refused: content of another kind, or a name that claims a kind the content is not.
  if (!kind || !options.accept.includes(kind) || (namedAs !== undefined && namedAs !== kind)) {
    stream.resume();
    throw refuse(415, uploadMessages.wrongType(name, options.accept), 'upload_type');
  }
  try {
    return await storeFile(db, storage, stream, {
      nome_original: storedName(name, kind),
      tipo_mime: UPLOAD_KINDS[kind].mime,
      gl_usuario_id: options.usuarioId,
      maxBytes: options.maxBytes,
    });
  } catch (error) {
    if (error instanceof FileTooLargeError) {
      stream.resume();
      throw refuse(413, uploadMessages.tooLarge(name, options.maxBytes), 'upload_too_large');
    }
    if (error instanceof StorageUnavailableError) {
      // Full or read-only disk: the person may send it again later (507, RFC 4918 §11.5).
      stream.resume();
      throw refuse(507, MESSAGES.storageFull, ERROR_CODES.storageFull);
    }
    throw error;
  }
}
