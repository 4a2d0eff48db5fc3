/**
 * The mail worker against a real SMTP server on loopback (smtp-server, mails read back with
 * mailparser) and the real test database: a reset link that works, a server refusing and then
 * accepting (tried again after its backoff), a server that is down and comes back, a refusal for
 * good, a restart in the middle of the queue, and two workers sharing one queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, mailQueueCounts, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { checkLinkToken, requestPasswordReset } from '@fso/core';
import { mailKey } from '@fso/mail';
import { callerOf, testPorts } from '@fso/core/testing';
import { sql } from 'drizzle-orm';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.ts';
import { createLogger } from './logging.ts';
import { smtpTransport } from './mail-transport.ts';
import { startMailWorker, type MailWorker } from './mail-worker.ts';

const key = mailKey('test-secret-test-secret-test-secret-test');
const site = { name: 'Fake Stack Overflow', origin: 'http://fso.test' };
const log = createLogger({ level: 'silent' });

let database: Database;
let sink: SmtpSink;
let now = new Date('2026-12-01T10:00:00Z');
const clock = () => now;

beforeAll(async () => {
  database = await createTestDatabase();
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
  await database.close();
});

const ports = () => testPorts(database, { limits: false, clock }).ports;

function worker(opts: { concurrency?: number; batch?: number; to?: SmtpSink } = {}): MailWorker {
  return startMailWorker({
    ports: ports(),
    context: { site, key },
    transport: smtpTransport((opts.to ?? sink).url),
    from: 'Fake Stack Overflow <no-reply@fso.test>',
    log,
    intervalMs: 60_000,
    digestEveryMs: 3_600_000,
    ...opts,
  });
}

let n = 0;
async function userWithAddress(): Promise<{ username: string; email: string }> {
  const username = `mailer${++n}`;
  const email = `${username}@example.com`;
  await createUser(database.db, { username, passwordHash: null, email });
  return { username, email };
}

const requestReset = async (username: string) => {
  const outcome = await requestPasswordReset(ports(), callerOf(null), { username });
  expect(outcome.ok).toBe(true);
};

const mailState = async (to: string) =>
  (
    await database.db.execute<{ state: string; attempts: number }>(
      sql`SELECT m.state, m.attempts FROM mail_queue m JOIN users u ON u.id = m.user_id WHERE u.email = ${to} ORDER BY m.id DESC LIMIT 1`,
    )
  ).rows[0];

const resetToken = (text: string) => /\/reset-password\/([\w-]+)/.exec(text)?.[1] ?? '';

describe('mail worker over SMTP', () => {
  it('mails a reset link in both parts, whose token works once checked against the stored hash', async () => {
    const { username, email } = await userWithAddress();
    await requestReset(username);
    const w = worker();
    await w.drained();
    await w.stop();
    const mail = await sink.waitFor((m) => m.to === email);
    expect(mail.subject).toBe('Reset your password on Fake Stack Overflow');
    expect(mail.from).toBe('no-reply@fso.test');
    const token = resetToken(mail.text);
    expect(mail.html).toContain(`http://fso.test/reset-password/${token}`);
    expect(mail.headers['list-unsubscribe']).toBeUndefined();
    expect(await checkLinkToken(ports(), token, 'reset')).toEqual({ ok: true, value: { username, email: null } });
    const stored = await database.db.execute(sql`SELECT salt, token_hash FROM account_tokens ORDER BY id DESC LIMIT 1`);
    expect(JSON.stringify(stored.rows)).not.toContain(token);
    expect(await mailState(email)).toEqual({ state: 'sent', attempts: 1 });
  });

  it('tries again after a growing pause while the server refuses for now, then delivers once', async () => {
    const { username, email } = await userWithAddress();
    let refusals = 2;
    sink.refuse = () => (refusals-- > 0 ? { code: 451, message: 'Try again later' } : null);
    await requestReset(username);
    const w = worker();
    await w.drained();
    expect(await mailState(email)).toEqual({ state: 'queued', attempts: 1 });
    now = new Date(now.getTime() + 31_000);
    await w.drained();
    expect(await mailState(email)).toEqual({ state: 'queued', attempts: 2 });
    now = new Date(now.getTime() + 31_000);
    await w.drained();
    expect(await mailState(email)).toEqual({ state: 'queued', attempts: 2 });
    now = new Date(now.getTime() + 30_000);
    await w.drained();
    await w.stop();
    sink.refuse = null;
    expect(await mailState(email)).toEqual({ state: 'sent', attempts: 3 });
    expect(sink.mails.filter((m) => m.to === email)).toHaveLength(1);
  });

  it('keeps a mail while the server is down and sends it once it is back', async () => {
    const { username, email } = await userWithAddress();
    await requestReset(username);
    await sink.close();
    const w = worker();
    await w.drained();
    expect(await mailState(email)).toEqual({ state: 'queued', attempts: 1 });
    await sink.listen();
    now = new Date(now.getTime() + 31_000);
    await w.drained();
    await w.stop();
    expect(await mailState(email)).toEqual({ state: 'sent', attempts: 2 });
    expect(sink.mails.filter((m) => m.to === email)).toHaveLength(1);
  });

  it('gives a mail up when the server refuses it for good', async () => {
    const { username, email } = await userWithAddress();
    sink.refuse = () => ({ code: 550, message: 'No such mailbox' });
    await requestReset(username);
    const w = worker();
    await w.drained();
    await w.stop();
    sink.refuse = null;
    expect(await mailState(email)).toEqual({ state: 'failed', attempts: 1 });
  });

  it('loses and doubles nothing when a worker stops mid-queue and another takes over', async () => {
    const slow = await startSmtpSink({ delayMs: 30 });
    const users = await Promise.all(Array.from({ length: 30 }, () => userWithAddress()));
    for (const u of users) await requestReset(u.username);
    const make = () => worker({ to: slow, batch: 10, concurrency: 2 });
    const first = make();
    await slow.waitFor(() => slow.mails.length >= 5);
    await first.stop();
    const before = slow.mails.length;
    expect(before).toBeLessThan(30);
    const second = make();
    await second.drained();
    await second.stop();
    const to = slow.mails.map((m) => m.to).sort();
    expect(to).toEqual(users.map((u) => u.email).sort());
    expect(new Set(slow.mails.map((m) => m.messageId)).size).toBe(30);
    await slow.close();
  });

  it('two workers on one queue send every mail once', async () => {
    const shared = await startSmtpSink({ delayMs: 5 });
    const users = await Promise.all(Array.from({ length: 40 }, () => userWithAddress()));
    for (const u of users) await requestReset(u.username);
    const make = () => worker({ to: shared, batch: 5, concurrency: 2 });
    const [a, b] = [make(), make()];
    await Promise.all([a.drained(), b.drained()]);
    await Promise.all([a.stop(), b.stop()]);
    expect(shared.mails.map((m) => m.to).sort()).toEqual(users.map((u) => u.email).sort());
    expect((await mailQueueCounts(database.db)).queued ?? 0).toBe(0);
    await shared.close();
  });
});
