import { randomBytes } from 'node:crypto';

export interface MultipartFile {
  /** The form field, e.g. 'comprovantes'. */
  field: string;
  filename: string;
  content: Buffer;
  /** What the browser would claim; the server never trusts it. */
  contentType?: string;
}

/** A multipart/form-data body as a browser sends it (RFC 7578), for app.inject. */
export function multipartBody(
  fields: Record<string, string | number | boolean>,
  files: MultipartFile[] = [],
): { payload: Buffer; contentType: string } {
  const boundary = `----portalteste${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
