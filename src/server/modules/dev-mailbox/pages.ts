import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdSchema } from '#shared/schemas/auth';
import type { Database } from '../../platform/db/database.ts';
import { findMail, listRecentMails } from './queries.ts';
import { requireLoopback } from './routes.ts';
import { formatDateTime } from '#shared/format';
import { escapeHtml } from '../../platform/http/escape-html.ts';

/**
 * These pages are plain server HTML (no SPA code), so they get a CSP of their own: inline styles
 * only, no scripts at all. An e-mail's HTML is shown under the same policy, its links still work.
 */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const STATUS_LABELS: Record<string, string> = {
  pendente: 'Pendente',
  enviado: 'Entregue',
  falhou: 'Falhou',
};

const when = (instant: Date) => formatDateTime(instant, { seconds: true });

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,Arial,sans-serif;margin:0;background:#f4f5f7;color:#1f2933}
main{max-width:960px;margin:0 auto;padding:24px}
h1{font-size:1.4rem}
table{width:100%;border-collapse:collapse;background:#fff}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #e4e7eb;font-size:.95rem}
pre{white-space:pre-wrap;word-break:break-word;background:#fff;padding:16px;border:1px solid #e4e7eb}
.note{color:#52606d}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;background:#fff;padding:16px;border:1px solid #e4e7eb}
dt{font-weight:600}
</style></head>
<body><main>${body}</main></body>
</html>`;
}

function send(reply: FastifyReply, html: string) {
  return reply
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The development mailbox as pages (decision 016): /dev/caixa-postal lists the outbox, newest
 * first; /dev/caixa-postal/{id} shows one message as text, with its HTML a click away. Only
 * outside production (app.ts) and only to this machine (requireLoopback).
 */
export const devMailboxPages: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  const params = { params: z.object({ id: IdSchema }) };

  app.get('/dev/caixa-postal', { preValidation: requireLoopback }, async (_request, reply) => {
    const rows = await listRecentMails(db);
    const lines = rows
      .map(
        (row) => `<tr><td>${when(row.datahora_criado)}</td><td>${escapeHtml(row.destinatario)}</td>
<td><a href="/dev/caixa-postal/${row.id}">${escapeHtml(row.assunto)}</a></td><td>${STATUS_LABELS[row.situacao] ?? escapeHtml(row.situacao)}</td></tr>`,
      )
      .join('\n');
    return send(
      reply,
      page(
        'Caixa postal de desenvolvimento',
        `<h1>Caixa postal de desenvolvimento</h1>
<p class="note">Sem SMTP configurado, os e-mails do portal ficam aqui e não saem desta máquina. Atualize a página para ver os novos.</p>
${
  rows.length === 0
    ? '<p>Nenhum e-mail ainda.</p>'
    : `<table><thead><tr><th>Quando</th><th>Para</th><th>Assunto</th><th>Situação</th></tr></thead><tbody>${lines}</tbody></table>`
}`,
      ),
    );
  });

  app.get(
    '/dev/caixa-postal/:id',
    { schema: params, preValidation: requireLoopback },
    async (request, reply) => {
      const row = await findMail(db, request.params.id);
      if (!row) {
        return send(reply.status(404), page('Mensagem não encontrada', '<h1>Mensagem não encontrada</h1><p><a href="/dev/caixa-postal">Voltar</a></p>'));
      }
      return send(
        reply,
        page(
          row.assunto,
          `<p><a href="/dev/caixa-postal">‹ Caixa postal</a></p>
<h1>${escapeHtml(row.assunto)}</h1>
<dl><dt>Para</dt><dd>${escapeHtml(row.destinatario)}</dd>
<dt>Criado em</dt><dd>${when(row.datahora_criado)}</dd>
<dt>Situação</dt><dd>${STATUS_LABELS[row.situacao] ?? escapeHtml(row.situacao)}</dd></dl>
<p><a href="/dev/caixa-postal/${row.id}/html">Ver a versão HTML</a></p>
<pre>${escapeHtml(row.corpo_texto)}</pre>`,
        ),
      );
    },
  );

  app.get(
    '/dev/caixa-postal/:id/html',
    { schema: params, preValidation: requireLoopback },
    async (request, reply) => {
      const row = await findMail(db, request.params.id);
      if (!row) return send(reply.status(404), page('Mensagem não encontrada', '<h1>Mensagem não encontrada</h1>'));
      return send(reply, row.corpo_html);
    },
  );
  done();
};
