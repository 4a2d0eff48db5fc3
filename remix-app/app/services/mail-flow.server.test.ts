/**
 * Notifications by mail end to end, against a real SMTP server on loopback and the real test
 * database: an answer to a followed question reaches its follower once "immediately"'s delay
 * has passed (with RFC 8058 headers), nothing is mailed for what the user saw on the site, the
 * one-click POST to the List-Unsubscribe URL (the real route) stops that kind, and a weekly
 * digest lists the top new questions in a watched tag the user has not opened.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion, askQuestion, markSeen, watchTag, type Actor } from '@fso/core';
import { createUser, mailRecipient, recordView, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { createLogger, smtpTransport, startMailWorker } from '@fso/platform';
import { startSmtpSink, type SmtpSink } from '../../../packages/platform/test/smtp-sink.ts';
import { testContext } from '../../test/context.ts';
import { action as unsubscribeAction } from '../routes/unsubscribe.$token.tsx';

let database: Database;
let sink: SmtpSink;
let users: Record<'alice' | 'bob' | 'carol', Actor>;

beforeAll(async () => {
  database = await createTestDatabase();
  sink = await startSmtpSink();
  const make = async (username: string): Promise<Actor> => ({
    userId: Number(
      (await createUser(database.db, { username, passwordHash: null, email: `${username}@example.com` }))!._id,
    ),
    username,
  });
  users = { alice: await make('alice'), bob: await make('bob'), carol: await make('carol') };
});
afterAll(async () => {
  await sink.close();
  await database.close();
});

const ctx = () => testContext(database).context;
const caller = (user: Actor) => ({ user, ip: '203.0.113.9' });

/** Drains the queue as a worker whose clock is `aheadMs` past now. */
async function sendDue(aheadMs: number) {
  const c = ctx();
  const worker = startMailWorker({
    ports: { db: database.db, clock: () => new Date(Date.now() + aheadMs) },
    context: { site: { name: 'Fake Stack Overflow', origin: 'http://fso.test' }, key: c.ports.mailKey },
    transport: smtpTransport(sink.url),
    from: 'no-reply@fso.test',
    log: createLogger({ level: 'silent' }),
    intervalMs: 60_000,
  });
  await worker.drained();
  await worker.stop();
}

const MINUTES = 60_000;
const mailsTo = (who: string) => sink.mails.filter((m) => m.to === `${who}@example.com`);

describe('notifications by mail', () => {
  it('mails an answer to the follower once unseen for five minutes, and one click unsubscribes', async () => {
    const c = ctx();
    const asked = await askQuestion(c.ports, caller(users.alice), {
      title: 'Why is my index not used?',
      text: 'EXPLAIN shows a sequential scan.',
      tags: ['postgres'],
    });
    expect(asked.ok).toBe(true);
    const qid = Number(asked.ok && asked.value._id);
    expect((await answerQuestion(c.ports, caller(users.bob), { qid: qid, text: 'Run ANALYZE first.' })).ok).toBe(true);

    await sendDue(1 * MINUTES);
    expect(mailsTo('alice')).toHaveLength(0);
    await sendDue(6 * MINUTES);
    const [mail] = mailsTo('alice');
    expect(mail?.subject).toBe('New answer to "Why is my index not used?"');
    expect(mail?.text).toContain('bob answered a question you follow:');
    expect(mail?.text).toContain('> Run ANALYZE first.');
    expect(mail?.html).toMatch(new RegExp(`http://fso.test/question/${qid}\\?answer=\\d+#answer-`));
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const url = /<([^>]+)>/.exec(mail?.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
    expect(url).toMatch(/^http:\/\/fso\.test\/unsubscribe\//);
    expect(mail?.text).toContain(url);

    // Seen on the site before the delay ran out: no mail.
    await answerQuestion(c.ports, caller(users.carol), { qid: qid, text: 'Or check the column type.' });
    await markSeen(c.ports, [users.alice.userId]);
    await sendDue(6 * MINUTES);
    expect(mailsTo('alice')).toHaveLength(1);

    // The mail provider's one-click POST (RFC 8058), without a session.
    const token = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    const reply = await unsubscribeAction({
      request: new Request(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
      context: c,
      params: { token },
    });
    expect(reply.init?.status ?? 200).toBe(200);
    expect(reply.data).toMatchObject({ ok: true, form: 'unsubscribe' });
    expect((await mailRecipient(database.db, users.alice.userId))?.settings.answers).toBe('never');
    await answerQuestion(c.ports, caller(users.bob), { qid: qid, text: 'And VACUUM.' });
    await sendDue(6 * MINUTES);
    expect(mailsTo('alice')).toHaveLength(1);
  });

  it('sends a weekly digest of the top new questions in a watched tag, leaving out what was opened', async () => {
    const c = ctx();
    expect((await watchTag(c.ports, caller(users.carol), { name: 'postgres', watch: true })).ok).toBe(true);
    const titles = ['Partial indexes and NULL', 'VACUUM FULL locks the table', 'Why is COUNT(*) slow?'];
    const ids: number[] = [];
    for (const title of titles) {
      const asked = await askQuestion(c.ports, caller(users.bob), { title, text: 'Details.', tags: ['postgres'] });
      ids.push(Number(asked.ok && asked.value._id));
    }
    await recordView(database.db, ids[1]!, users.carol.userId);
    await sendDue(8 * 24 * 60 * MINUTES);
    const digest = mailsTo('carol').find((m) => m.subject === 'Your weekly digest from Fake Stack Overflow');
    expect(digest).toBeDefined();
    expect(digest?.text).toContain('Top new questions in your tags');
    expect(digest?.text).toContain('Partial indexes and NULL');
    expect(digest?.text).toContain('Why is COUNT(*) slow?');
    expect(digest?.text).not.toContain('VACUUM FULL locks the table');
    expect(digest?.headers['list-unsubscribe']).toMatch(/unsubscribe\/\d+\.weekly\./);
    // Queued once: another week has not passed.
    const before = mailsTo('carol').length;
    await sendDue(8 * 24 * 60 * MINUTES);
    expect(mailsTo('carol')).toHaveLength(before);
  });
});
