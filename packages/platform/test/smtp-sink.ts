/**
 * A real SMTP server on loopback for tests, the e2e server and the benchmark (smtp-server, with
 * mailparser reading what arrives): it keeps every mail it accepted, can refuse mails (a reply
 * code of a test's choosing) and can stop and start again on the same port.
 */
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SinkMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
}

export interface SmtpSink {
  port: number;
  url: string;
  mails: SinkMail[];
  /** Refuses the next mails with this reply while it returns one (null: accept). */
  refuse: (() => { code: number; message: string } | null) | null;
  /** Resolves with the first mail (arrived or arriving) that `match` accepts. */
  waitFor(match: (mail: SinkMail) => boolean, timeoutMs?: number): Promise<SinkMail>;
  close(): Promise<void>;
  /** Listens again on the same port (after `close`). */
  listen(): Promise<void>;
}

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) => a.value.map((v) => v.address ?? '')).join(', ');

export async function startSmtpSink(
  opts: { port?: number; delayMs?: number; onMail?: (mail: SinkMail) => void } = {},
): Promise<SmtpSink> {
  const waiting: { match: (m: SinkMail) => boolean; resolve: (m: SinkMail) => void }[] = [];
  let server: SMTPServer;
  const sink: SmtpSink = {
    port: opts.port ?? 0,
    url: '',
    mails: [],
    refuse: null,
    waitFor(match, timeoutMs = 10_000) {
      const found = sink.mails.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const entry = { match, resolve };
        waiting.push(entry);
        setTimeout(() => {
          const i = waiting.indexOf(entry);
          if (i >= 0) waiting.splice(i, 1);
          reject(new Error(`no such mail within ${timeoutMs} ms (${sink.mails.length} arrived)`));
        }, timeoutMs).unref();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    listen: () => listen(),
  };

  function accept(mail: SinkMail) {
    sink.mails.push(mail);
    opts.onMail?.(mail);
    for (const entry of [...waiting])
      if (entry.match(mail)) {
        waiting.splice(waiting.indexOf(entry), 1);
        entry.resolve(mail);
      }
  }

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, _session, callback) {
          simpleParser(stream)
            .then(async (parsed) => {
              if (opts.delayMs) await new Promise((resolve) => setTimeout(resolve, opts.delayMs));
              const refusal = sink.refuse?.() ?? null;
              if (refusal) {
                const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
                return callback(error);
              }
              const headers: Record<string, string> = {};
              for (const [key, value] of parsed.headers)
                headers[key] = typeof value === 'string' ? value : JSON.stringify(value);
              for (const line of parsed.headerLines)
                headers[line.key] = line.line.slice(line.line.indexOf(':') + 1).trim();
              accept({
                to: addresses(parsed.to),
                from: addresses(parsed.from),
                subject: parsed.subject ?? '',
                text: parsed.text ?? '',
                html: typeof parsed.html === 'string' ? parsed.html : '',
                messageId: parsed.messageId ?? '',
                headers,
              });
              callback();
            })
            .catch((error: Error) => callback(error));
        },
      });
      server.on('error', () => undefined);
      server.listen(sink.port, '127.0.0.1', () => {
        const address = server.server.address();
        if (address && typeof address === 'object') sink.port = address.port;
        sink.url = `smtp://127.0.0.1:${sink.port}`;
        resolve();
      });
      server.server.once('error', reject);
    });
  await listen();
  return sink;
}
