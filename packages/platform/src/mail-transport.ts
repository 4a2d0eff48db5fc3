/**
 * Where mail goes (docs/decisions/0083-email.md): an SMTP server through nodemailer (SMTP_URL,
 * a pool of connections), or, in development without SMTP_URL, the database's outbox that
 * `/dev/outbox` shows. In production without SMTP_URL there is none: mail stays queued.
 * A failure says whether the server refused the mail for good (a 5xx reply) or for now.
 */
import { keepInOutbox, type Ports } from '@fso/core';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  messageId: string;
}

export interface MailTransport {
  kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** A failed send: its message for the queue row, and whether trying again could help. */
export function sendFailure(error: unknown): { message: string; permanent: boolean } {
  const code = (error as { responseCode?: number }).responseCode;
  const message = error instanceof Error ? error.message : String(error);
  return { message: message.slice(0, 500), permanent: typeof code === 'number' && code >= 500 && code < 600 };
}

export function smtpTransport(url: string, opts: { maxConnections?: number } = {}): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: opts.maxConnections ?? 4,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

export function outboxTransport(ports: Pick<Ports, 'db'>): MailTransport {
  return {
    kind: 'outbox',
    send: (mail) =>
      keepInOutbox(ports, {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { From: mail.from, 'Message-ID': mail.messageId, ...mail.headers },
      }),
    close: () => undefined,
  };
}
