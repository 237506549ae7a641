import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message the sink received: the envelope's recipients and the raw RFC 5322 text. */
interface SinkMessage {
  to: string[];
  raw: string;
  /** A header, with RFC 2047 encoded words decoded (Subject in pt-BR arrives encoded). */
  header(name: string): string | undefined;
  /** The text/plain body, transfer encoding undone. */
  text(): string;
}

export interface SmtpSink {
  readonly port: number;
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  readonly url: string;
  readonly messages: SinkMessage[];
  /** Stops listening (the "server is down" case); start() brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

function decodeQuotedPrintable(value: string): Buffer {
  const bytes = value.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1');
}

function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, encoding: string, data: string) =>
      (encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : decodeQuotedPrintable(data.replace(/_/g, ' '))).toString('utf8'),
    );
}

function splitHeaders(part: string): { headers: Map<string, string>; body: string } {
  const end = part.indexOf('\r\n\r\n');
  const head = end === -1 ? part : part.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end === -1 ? '' : part.slice(end + 4) };
}

/** Minimal MIME reading, enough for what nodemailer writes (multipart/alternative, QP or base64). */
function textPart(raw: string): string {
  const { headers, body } = splitHeaders(raw);
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`)) {
      const text = part.startsWith('--') ? '' : textPart(part.replace(/^\r\n/, ''));
      if (text) return text;
    }
    return '';
  }
  if (!contentType.toLowerCase().startsWith('text/plain')) return '';
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  return body;
}

function toMessage(to: string[], raw: string): SinkMessage {
  const { headers } = splitHeaders(raw);
  return {
    to,
    raw,
    header: (name) => {
      const value = headers.get(name.toLowerCase());
      return value === undefined ? undefined : decodeEncodedWords(value);
    },
    text: () => textPart(raw).replace(/\r\n/g, '\n'),
  };
}

/**
 * A real SMTP server (the smtp-server package) on 127.0.0.1 and an ephemeral (or given) port, no TLS, no
 * authentication required, that keeps what it receives. Stop it to play "SMTP is down".
 */
export async function startSmtpSink(fixedPort = 0): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  let port = fixedPort;
  let server: SMTPServer | null = null;

  const listen = async () => {
    const instance = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 1_000,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          messages.push(toMessage(session.envelope.rcptTo.map((rcpt) => rcpt.address), Buffer.concat(chunks).toString('utf8')));
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      instance.once('error', reject);
      instance.listen(port, '127.0.0.1', () => {
        instance.off('error', reject);
        resolve();
      });
    });
    port = (instance.server.address() as AddressInfo).port;
    server = instance;
  };

  await listen();
  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    messages,
    stop: async () => {
      const instance = server;
      server = null;
      if (instance) await new Promise<void>((resolve) => instance.close(resolve));
    },
    start: async () => {
      if (!server) await listen();
    },
  };
}
