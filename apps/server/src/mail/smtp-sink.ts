import net from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP server received it, with the parts tests look at decoded. */
export type ReceivedMail = {
  from: string;
  to: string[];
  subject: string;
  /** The Message-ID header, to recognise the same mail sent twice. */
  messageId: string;
  text: string;
  html: string;
};

export type TestSmtpServer = {
  port: number;
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
};

/**
 * Starts a local SMTP server that keeps what it receives, on 127.0.0.1 (tests and the
 * developer's mail sink, ops/mail-sink.ts); port 0 picks a free port.
 */
export async function startTestSmtpServer(
  port = 0,
  onMail?: (mail: ReceivedMail) => void,
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = session.envelope;
        const mail = {
          ...parseMail(raw),
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((recipient) => recipient.address),
        };
        received.push(mail);
        onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as net.AddressInfo;
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (taken, then released): an SMTP server that is down. */
export async function getFreePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const separator = raw.indexOf('\r\n\r\n');
  const head = separator < 0 ? raw : raw.slice(0, separator);
  const body = separator < 0 ? '' : raw.slice(separator + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Enough MIME for nodemailer's output: subject, Message-ID and the text and HTML parts, decoded. */
function parseMail(raw: string): Omit<ReceivedMail, 'from' | 'to'> {
  const { headers, body } = splitHeaders(raw);
  const result = {
    subject: headers.get('subject') ?? '',
    messageId: headers.get('message-id') ?? '',
    text: '',
    html: '',
  };
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary
    ? body.split(`--${boundary}`).slice(1, -1)
    : [`Content-Type: ${headers.get('content-type') ?? 'text/plain'}\r\n\r\n${body}`];
  for (const part of parts) {
    const parsed = splitHeaders(part.replace(/^\r\n/, ''));
    const decoded = decodeBody(parsed.body, parsed.headers.get('content-transfer-encoding'));
    const type = parsed.headers.get('content-type') ?? '';
    if (type.startsWith('text/plain')) result.text = decoded.trim();
    if (type.startsWith('text/html')) result.html = decoded.trim();
  }
  return result;
}
