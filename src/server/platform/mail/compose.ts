import { formatDateTime } from '#shared/format';
import { escapeHtml } from '../http/escape-html.ts';

/**
 * E-mails written once (issue 42 item 6): a module describes a mail as a subject and a list of
 * blocks, and composeMail renders both its HTML (every value escaped, inline styles: mail clients
 * ignore <style>) and its plain text, inside the layout and footer every mail shares. The words
 * of each mail live beside the module that sends it, in its mails.ts.
 */
export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

/** One row of a details block: a label and its value, in bold (monospace for a code to type). */
interface MailDetail {
  label: string;
  value: string;
  monospace?: boolean;
}

/** A piece of a mail. All its strings are plain text: the renderer escapes them for the HTML. */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'details'; rows: readonly MailDetail[] }
  | { kind: 'code'; code: string }
  | { kind: 'button'; label: string; url: string; textLabel: string | null }
  | { kind: 'link'; label: string; url: string }
  | { kind: 'together'; blocks: readonly MailBlock[] };

/** A paragraph of text. */
export const paragraph = (text: string): MailBlock => ({ kind: 'paragraph', text });

/** 'Olá, Ana.': the first paragraph of every mail. */
export const greeting = (nome: string): MailBlock => paragraph(`Olá, ${nome}.`);

/** Labelled values, a shaded table in HTML, 'Label: value' lines in text. */
export const details = (rows: readonly MailDetail[]): MailBlock => ({ kind: 'details', rows });

/** A code to copy (PIX copia e cola, linha digitável): monospace in HTML, a paragraph of its own in text. */
export const code = (value: string): MailBlock => ({ kind: 'code', code: value });

/**
 * The mail's action: a button in HTML, with the address written under it for clients that do not
 * follow it; 'Label: url' in text. `textLabel` is what the text puts before the address when it
 * differs from the button's label; null writes the bare address.
 */
export const button = (label: string, url: string, textLabel: string | null = label): MailBlock => ({
  kind: 'button',
  label,
  url,
  textLabel,
});

/** A secondary address, 'Label: url' in both, the address a plain link in HTML. */
export const link = (label: string, url: string): MailBlock => ({ kind: 'link', label, url });

/** Blocks the text writes on consecutive lines, with no blank line between them; the HTML is as usual. */
export const together = (...blocks: readonly MailBlock[]): MailBlock => ({ kind: 'together', blocks });

/** When something happened, as the mails say it: '22/11/2026 12:30 (horário de Brasília)'. */
export const brasiliaTime = (quando: Date) => `${formatDateTime(quando)} (horário de Brasília)`;

const P = '<p style="margin:0 0 16px;">';
const CELL = 'padding:8px 16px;';

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `${P}${escapeHtml(block.text)}</p>`;
    case 'details': {
      const rows = block.rows.map(
        (row) =>
          `<tr><td style="${CELL}">${escapeHtml(row.label)}</td><td style="${CELL}font-weight:bold;${row.monospace ? "font-family:'Courier New',monospace;" : ''}">${escapeHtml(row.value)}</td></tr>`,
      );
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;background:#f4f5f7;border-radius:4px;">
${rows.join('\n')}
</table>`;
    }
    case 'code':
      return `<p style="margin:0 0 16px;font-family:monospace;word-break:break-all;">${escapeHtml(block.code)}</p>`;
    case 'button': {
      const href = escapeHtml(block.url);
      return `${P}<a href="${href}" style="display:inline-block;padding:10px 20px;background:#1f6feb;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold;">${escapeHtml(block.label)}</a></p>
${P}Se o botão não funcionar, copie este endereço no navegador:<br><span style="word-break:break-all;">${href}</span></p>`;
    }
    case 'link': {
      const href = escapeHtml(block.url);
      return `${P}${escapeHtml(block.label)}: <a href="${href}">${href}</a></p>`;
    }
    case 'together':
      return block.blocks.map(blockHtml).join('\n');
  }
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'details':
      return block.rows.map((row) => `${row.label}: ${row.value}`).join('\n');
    case 'code':
      return block.code;
    case 'button':
      return block.textLabel === null ? block.url : `${block.textLabel}: ${block.url}`;
    case 'link':
      return `${block.label}: ${block.url}`;
    case 'together':
      return block.blocks.map(blockText).join('\n');
  }
}

/** A table layout, the one most mail clients render alike. `body` is already-escaped HTML. */
function layout(providerName: string, title: string, body: string): string {
  const name = escapeHtml(providerName);
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:6px;font-family:Arial,Helvetica,sans-serif;color:#1f2933;font-size:15px;line-height:1.5;">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e4e7eb;font-size:18px;font-weight:bold;">${name}</td></tr>
<tr><td style="padding:24px 28px;">${body}</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e4e7eb;font-size:12px;color:#7b8794;">Esta é uma mensagem automática de ${name}. Não responda a este e-mail.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/**
 * A mail, from its description: the HTML (in the shared layout, titled by the subject) and the text
 * (its blocks a blank line apart, then the footer), for enqueueMail with the recipient. A null
 * block is left out, for a part only some mails have.
 */
export function composeMail(mail: {
  providerName: string;
  subject: string;
  blocks: readonly (MailBlock | null)[];
}): MailContent {
  const blocks = mail.blocks.filter((block) => block !== null);
  const html = layout(mail.providerName, mail.subject, blocks.map(blockHtml).join('\n'));
  const text = `${blocks.map(blockText).join('\n\n')}

--
Mensagem automática de ${mail.providerName}. Não responda a este e-mail.
`;
  return { subject: mail.subject, html, text };
}
