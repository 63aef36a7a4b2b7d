import http from 'node:http';
import { readToolEnv } from '#src/env.ts';
import { startTestSmtpServer, type ReceivedMail } from '#src/mail/smtp-sink.ts';

/**
 * A mail server for a developer's machine and the browser tests (`npm run mail:sink`): it accepts
 * every mail on 127.0.0.1, prints who it is for and its text, and answers
 * `GET /messages?to=<address>` with the mails received for that address, oldest first. Start the
 * app with `SMTP_URL=smtp://127.0.0.1:<port>` to read invitation and reset mails, which the
 * outbox never shows in full (docs/security.md).
 *
 * MAIL_SINK_SMTP_PORT (1025) and MAIL_SINK_HTTP_PORT (1080) choose the ports.
 */
const { smtpPort, httpPort, isQuiet } = readToolEnv().mailSink;

const smtp = await startTestSmtpServer(smtpPort, (mail) => {
  if (!isQuiet) console.log(`\n── To ${mail.to.join(', ')}: ${mail.subject}\n${mail.text}`);
});

const api = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${httpPort}`);
  if (request.method !== 'GET') {
    response.writeHead(405).end();
    return;
  }
  if (url.pathname === '/health') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (url.pathname !== '/messages') {
    response.writeHead(404).end();
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  const mails: ReceivedMail[] = smtp.received.filter(
    (mail) => !to || mail.to.some((address) => address.toLowerCase() === to),
  );
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
});
await new Promise<void>((resolve) => api.listen(httpPort, '127.0.0.1', resolve));
console.log(
  `Mail sink: SMTP_URL=${smtp.url}, received mail at http://127.0.0.1:${httpPort}/messages?to=…`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    api.close();
    void smtp.close().then(() => process.exit(0));
  });
