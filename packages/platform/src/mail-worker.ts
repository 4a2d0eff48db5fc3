/**
 * The mail worker of a web process (started beside the expiry purge, remix-app/server/app.ts):
 * every `intervalMs` it claims due mails (FOR UPDATE SKIP LOCKED, so of many processes one
 * sends each), composes each (core), sends up to `concurrency` at once through the transport,
 * and records each outcome as soon as it is known; a failed send is tried again with backoff.
 * Every `digestEveryMs` it queues the digests that fell due. Stopping lets the mails being sent
 * finish and be recorded, and gives the others of its claim back at once: a restart loses and
 * doubles nothing. Only a process killed between the server's accepting a mail and the row's
 * update could send that one again, when its lease ends (its Message-ID is the same).
 */
import {
  claimMails,
  composeMail,
  mailFailed,
  mailLater,
  mailSkipped,
  mailsReleased,
  mailsSent,
  queueDueDigests,
  type MailContext,
  type Ports,
} from '@fso/core';
import type { QueuedMail } from '@fso/db';
import { mailKey } from '@fso/mail';
import { SITE_NAME } from '@fso/shared';
import type { Config } from './config.ts';
import type { Logger } from './logging.ts';
import { outboxTransport, sendFailure, smtpTransport, type MailTransport } from './mail-transport.ts';

export interface MailWorkerOptions {
  ports: Pick<Ports, 'db' | 'clock'>;
  context: MailContext;
  transport: MailTransport;
  from: string;
  log: Logger;
  intervalMs?: number;
  /** Mails claimed at a time. */
  batch?: number;
  /** Mails being sent at once. */
  concurrency?: number;
  /** How long a claim lasts: a mail its sender never finished is due again after this. */
  leaseMs?: number;
  digestEveryMs?: number;
}

export interface MailWorker {
  /** Looks for due mail now (a test, or a request that just queued one). */
  poke(): void;
  /** Resolves once the queue has nothing due (tests, the benchmark). */
  drained(): Promise<void>;
  stop(): Promise<void>;
}

export function startMailWorker(opts: MailWorkerOptions): MailWorker {
  const intervalMs = opts.intervalMs ?? 2000;
  const batch = opts.batch ?? 50;
  const concurrency = opts.concurrency ?? 4;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const host = new URL(opts.context.site.origin).hostname || 'localhost';
  let stopping = false;
  let running: Promise<void> | null = null;
  let again = false;
  let waiters: (() => void)[] = [];
  /** Claimed and not yet started: given back on stop. */
  const waiting = new Set<number>();

  async function deliver(mail: QueuedMail): Promise<void> {
    const composed = await composeMail(opts.ports, opts.context, mail);
    if (composed.action === 'skip') return mailSkipped(opts.ports, mail.id, composed.reason);
    if (composed.action === 'later') return mailLater(opts.ports, mail.id, composed.at);
    try {
      await opts.transport.send({
        from: opts.from,
        to: composed.to,
        ...composed.mail,
        messageId: `<mail-${mail.id}@${host}>`,
      });
    } catch (error) {
      const failure = sendFailure(error);
      const outcome = await mailFailed(opts.ports, mail, failure);
      opts.log.warn({ mail: mail.id, attempts: mail.attempts, outcome, error: failure.message }, 'mail not sent');
      return;
    }
    await mailsSent(opts.ports, [mail.id]);
  }

  /** Sends one claim's mails, `concurrency` at a time, each recorded as it ends. */
  async function sendAll(mails: QueuedMail[]): Promise<void> {
    for (const mail of mails) waiting.add(mail.id);
    const next = async (): Promise<void> => {
      for (;;) {
        if (stopping) return;
        const mail = mails.find((m) => waiting.has(m.id));
        if (!mail) return;
        waiting.delete(mail.id);
        await deliver(mail).catch((error: unknown) => opts.log.error({ err: error, mail: mail.id }, 'mail failed'));
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, mails.length) }, next));
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      for (;;) {
        if (stopping) return;
        const mails = await claimMails(opts.ports, { limit: batch, leaseMs });
        if (mails.length === 0) break;
        await sendAll(mails);
      }
    } while (again && !stopping);
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  }

  function run(): void {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => opts.log.warn({ err: error }, 'mail queue not read; trying again later'))
      .finally(() => {
        running = null;
      });
  }

  let digesting: Promise<void> = Promise.resolve();
  const digests = () => {
    digesting = queueDueDigests(opts.ports)
      .then((queued) => (queued > 0 ? run() : undefined))
      .catch((error: unknown) => opts.log.warn({ err: error }, 'digests not queued; trying again later'));
  };

  const timer = setInterval(run, intervalMs).unref();
  const digestTimer = setInterval(digests, opts.digestEveryMs ?? 10 * 60_000).unref();
  digests();
  run();

  return {
    poke: run,
    drained: () =>
      digesting.then(
        () =>
          new Promise<void>((resolve) => {
            waiters.push(resolve);
            run();
          }),
      ),
    async stop() {
      stopping = true;
      clearInterval(timer);
      clearInterval(digestTimer);
      await digesting;
      await running;
      const unsent = [...waiting];
      waiting.clear();
      await mailsReleased(opts.ports, unsent).catch((error: unknown) =>
        opts.log.warn({ err: error }, 'claimed mails not given back; they are due again when their claim ends'),
      );
      for (const resolve of waiters) resolve();
      opts.transport.close();
    },
  };
}

/** The worker as the config asks for it: to SMTP_URL, or the outbox in development; none (a warning) in production without SMTP_URL. */
export function startConfiguredMailWorker(
  config: Pick<Config, 'mail' | 'sessionSecret'>,
  ports: MailWorkerOptions['ports'],
  log: Logger,
): MailWorker | null {
  const { mail } = config;
  const transport = mail.smtpUrl ? smtpTransport(mail.smtpUrl) : mail.outbox ? outboxTransport(ports) : null;
  if (!transport) {
    log.warn('SMTP_URL is unset: mail (password resets, notifications) is queued and not sent');
    return null;
  }
  const context = { site: { name: SITE_NAME, origin: mail.origin }, key: mailKey(config.sessionSecret) };
  return startMailWorker({ ports, context, transport, from: mail.from, log });
}
