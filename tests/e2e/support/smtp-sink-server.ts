/**
 * The browser tests' mail server: a real SMTP server (tests/helpers/smtp-sink.ts, the smtp-server
 * package) that the portal under test sends to, and a small HTTP endpoint the tests read the
 * received messages from. Started by playwright.config.ts as one of its web servers.
 *
 *   SMTP_SINK_PORT  SMTP port (the portal's SMTP_URL)
 *   SMTP_SINK_HTTP_PORT  GET /messages → [{to, subject, text}], GET /healthz
 */
import { createServer } from 'node:http';
import { startSmtpSink } from '../../helpers/smtp-sink.ts';

const smtpPort = Number(process.env.SMTP_SINK_PORT);
const httpPort = Number(process.env.SMTP_SINK_HTTP_PORT);
if (!smtpPort || !httpPort) throw new Error('SMTP_SINK_PORT and SMTP_SINK_HTTP_PORT are required');

const sink = await startSmtpSink(smtpPort);

const server = createServer((request, response) => {
  if (request.url === '/messages') {
    const messages = sink.messages.map((message) => ({
      to: message.to,
      subject: message.header('subject') ?? '',
      text: message.text(),
    }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
    return;
  }
  response.writeHead(request.url === '/healthz' ? 200 : 404).end();
});
server.listen(httpPort, '127.0.0.1');

const stop = () => {
  server.close();
  void sink.stop().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
