/** The mail rules without a database: who is mailed when, what a digest holds, retries, tokens. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_SETTINGS, IMMEDIATE_MAIL_DELAY_MS } from '@fso/shared';
import {
  afterFailure,
  DIGEST_QUESTIONS,
  digestContent,
  MAX_SEND_ATTEMPTS,
  notificationMailDecision,
  retryDelayMs,
  tokenState,
  watchedQuestionDecision,
  withDefaults,
} from './rules.ts';

const at = (minutes: number) => new Date(Date.UTC(2026, 11, 6, 12, minutes));
const answer = { kind: 'answer' as const, createdAt: at(0), readAt: null, follows: true, onOwnAnswer: false };
const decide = (over: Partial<Parameters<typeof notificationMailDecision>[0]> = {}) =>
  notificationMailDecision({
    notification: answer,
    settings: DEFAULT_MAIL_SETTINGS,
    email: 'ann@example.com',
    lastSeenAt: null,
    now: at(10),
    ...over,
  });

describe('the mail of one notification', () => {
  it('goes out once its delay has passed, and waits until then before', () => {
    expect(decide()).toEqual({ send: true });
    expect(decide({ now: at(1) })).toEqual({ send: false, later: new Date(at(0).getTime() + IMMEDIATE_MAIL_DELAY_MS) });
  });

  it('is not sent to whoever has no address, did not want it at once, or does not follow the question', () => {
    expect(decide({ email: null })).toEqual({ send: false, reason: 'no address' });
    expect(decide({ settings: withDefaults({ answers: 'weekly' }) })).toEqual({
      send: false,
      reason: 'not wanted at once',
    });
    expect(decide({ notification: { ...answer, follows: false } })).toEqual({ send: false, reason: 'not followed' });
  });

  it('is not sent for what the user already saw: read in the inbox, or written before they were last on the site', () => {
    expect(decide({ notification: { ...answer, readAt: at(2) } })).toEqual({ send: false, reason: 'seen on the site' });
    expect(decide({ lastSeenAt: at(3) })).toEqual({ send: false, reason: 'seen on the site' });
    expect(decide({ lastSeenAt: new Date(at(0).getTime() - 1) })).toEqual({ send: true });
  });

  it('of a comment on the user’s own answer goes out even when the question is not followed', () => {
    const comment = { ...answer, kind: 'comment' as const, follows: false, onOwnAnswer: true };
    expect(decide({ notification: comment })).toEqual({ send: true });
  });
});

describe('a new question in a watched tag', () => {
  const settings = withDefaults({ watchedTags: 'immediately' });
  it('is mailed at once only when wanted at once and not yet opened', () => {
    expect(watchedQuestionDecision({ question: { viewed: false }, settings, email: 'a@example.com' })).toEqual({
      send: true,
    });
    expect(watchedQuestionDecision({ question: { viewed: true }, settings, email: 'a@example.com' })).toMatchObject({
      send: false,
    });
    expect(
      watchedQuestionDecision({ question: { viewed: false }, settings: DEFAULT_MAIL_SETTINGS, email: 'a@example.com' }),
    ).toEqual({ send: false, reason: 'not wanted at once' });
    expect(watchedQuestionDecision({ question: null, settings, email: 'a@example.com' })).toEqual({
      send: false,
      reason: 'question deleted',
    });
  });
});

describe('a digest', () => {
  const question = (n: number, over: Partial<{ viewed: boolean; score: number }> = {}) => ({
    id: n,
    viewed: false,
    score: 0,
    answerCount: 0,
    viewCount: 0,
    askedAt: at(n),
    ...over,
  });

  it('lists the top unopened new questions when watched tags are set to it, best first, at most ten', () => {
    const questions = [question(1), question(2, { score: 5 }), question(3, { viewed: true, score: 9 })];
    for (let n = 10; n < 30; n++) questions.push(question(n));
    const { questions: listed } = digestContent({
      cadence: 'weekly',
      settings: DEFAULT_MAIL_SETTINGS,
      lastSeenAt: null,
      notifications: [],
      questions,
    });
    expect(listed).toHaveLength(DIGEST_QUESTIONS);
    expect(listed[0]!.id).toBe(2);
    expect(listed.map((q) => q.id)).not.toContain(3);
    // Ties go to the newest.
    expect(listed[1]!.id).toBe(29);
  });

  it('holds no questions when watched tags go out at another cadence, and only unseen followed notifications', () => {
    const { notifications, questions } = digestContent({
      cadence: 'daily',
      settings: DEFAULT_MAIL_SETTINGS,
      lastSeenAt: at(5),
      notifications: [
        { ...answer, createdAt: at(4) },
        { ...answer, createdAt: at(6) },
        { ...answer, createdAt: at(7), follows: false },
        { ...answer, createdAt: at(8), readAt: at(9) },
      ],
      questions: [question(1)],
    });
    expect(questions).toEqual([]);
    expect(notifications.map((n) => n.createdAt)).toEqual([at(6)]);
  });
});

describe('a failed send', () => {
  it('is tried again after 30 s doubling up to six hours, and given up after the last try or a permanent refusal', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000]);
    expect(retryDelayMs(40)).toBe(6 * 60 * 60_000);
    expect(afterFailure({ attempts: 1, permanent: false, now: at(0) })).toEqual({
      retryAt: new Date(at(0).getTime() + 30_000),
    });
    expect(afterFailure({ attempts: 1, permanent: true, now: at(0) })).toBe('give up');
    expect(afterFailure({ attempts: MAX_SEND_ATTEMPTS, permanent: false, now: at(0) })).toBe('give up');
  });
});

describe('a link’s token', () => {
  it('is unknown, used, expired or valid', () => {
    expect(tokenState(null, at(0))).toBe('unknown');
    expect(tokenState({ expiresAt: at(60), usedAt: at(1) }, at(2))).toBe('used');
    expect(tokenState({ expiresAt: at(60), usedAt: null }, at(60))).toBe('expired');
    expect(tokenState({ expiresAt: at(60), usedAt: null }, at(59))).toBe('valid');
  });
});
