/**
 * Suggested edits: the review rule as a pure function, then the whole loop on a real database —
 * a new user's edit of another's post waits (nothing changes), a privileged user's applies at
 * once; approving applies it as the suggester's revision (+2 reputation, equal to a recount) and
 * tells them; rejecting keeps the reason and tells them; refusals as statuses.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, insertAnswer, insertQuestion, listRevisions, rows, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { fail, MOD_MSG, SUGGEST_MSG, type Role, type SuggestedEditReceipt } from '@fso/shared';
import { callerOf, testPorts, type Recorded } from '../../test/ports.ts';
import type { Ports } from '../ports.ts';
import { editAnswer, editQuestion } from '../qa/edits.ts';
import { decideSuggestionReview, reviewSuggestedEdit, suggestedEditQueue } from './suggested-edits.ts';

describe('decideSuggestionReview', () => {
  const seen = { suggesterId: 2, reviewed: false, author: 1, locked: false };
  const review = { reviewerId: 3, privileged: true, decision: 'approve' as const };
  it('applies an approval and recounts the suggester; a rejection changes no reputation', () => {
    expect(decideSuggestionReview(seen, review)).toEqual({ ok: true, value: { apply: true, recount: [2] } });
    expect(decideSuggestionReview(seen, { ...review, decision: 'reject' })).toEqual({
      ok: true,
      value: { apply: false, recount: [] },
    });
  });
  it('refuses without the privilege, a missing or reviewed one, one’s own, and approving on a locked question', () => {
    expect(decideSuggestionReview(seen, { ...review, privileged: false })).toEqual(
      fail('forbidden', SUGGEST_MSG.reviewPrivilege),
    );
    expect(decideSuggestionReview(null, review)).toEqual(fail('notFound', SUGGEST_MSG.notFound));
    expect(decideSuggestionReview({ ...seen, reviewed: true }, review)).toEqual(fail('conflict', SUGGEST_MSG.reviewed));
    expect(decideSuggestionReview(seen, { ...review, reviewerId: 2 })).toEqual(
      fail('forbidden', SUGGEST_MSG.ownSuggestion),
    );
    expect(decideSuggestionReview({ ...seen, locked: true }, review)).toEqual(fail('conflict', MOD_MSG.questionLocked));
    expect(decideSuggestionReview({ ...seen, locked: true }, { ...review, decision: 'reject' }).ok).toBe(true);
  });
});

const receipt = (r: { ok: boolean; value?: unknown }): string => (r.value as SuggestedEditReceipt).suggestedEdit;

describe('suggested edits on a real database', () => {
  let database: Database;
  let ports: Ports;
  let recorded: Recorded;
  const id: Record<string, number> = {};
  const rep: Record<string, number> = { ann: 1, newbie: 1, pro: 1500, mod: 1 };
  const roles: Record<string, Role> = { mod: 'moderator' };
  const as = (name: string) =>
    callerOf({ userId: id[name]!, username: name, role: roles[name] ?? 'user', reputation: rep[name] });
  const reputation = async (name: string) =>
    Number((await rows(database.db, sql`SELECT reputation FROM users WHERE id = ${id[name]!}`))[0]!.reputation);

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ ports, recorded } = testPorts(database, { limits: false }));
    for (const name of Object.keys(rep))
      id[name] = Number((await createUser(database.db, { username: name, passwordHash: 'x' }))!._id);
    await database.db.execute(sql`UPDATE users SET role = 'moderator' WHERE username = 'mod'`);
    id.q = await insertQuestion(database.db, {
      title: 'Teh title',
      text: 'Teh text',
      tags: ['typo'],
      askedBy: id.ann!,
    });
    id.a = (await insertAnswer(database.db, { questionId: id.q, text: 'An answr', ansBy: id.ann! }))!.answerId;
  });
  afterAll(() => database.close());

  it('keeps a new user’s edit for review, one per post; approving applies it as their revision (+2, notified)', async () => {
    const edit = { questionId: id.q!, title: 'The title', text: 'The text', tags: ['typo'] };
    const suggested = await editQuestion(ports, as('newbie'), edit);
    expect(suggested).toEqual({
      ok: true,
      value: { suggestedEdit: expect.any(String), message: SUGGEST_MSG.submitted },
    });
    expect(await editQuestion(ports, as('newbie'), { ...edit, text: 'Other' })).toEqual(
      fail('conflict', SUGGEST_MSG.pendingAlready),
    );
    expect((await listRevisions(database.db, 'question', id.q!))!.total).toBe(0);
    expect(recorded.events.filter((e) => e.event === 'reviewUpdate')).toContainEqual({
      event: 'reviewUpdate',
      args: [{ pending: 1 }, { room: 'user:mod' }],
    });

    expect(await suggestedEditQueue(ports, as('newbie'), { limit: 10, offset: 0 })).toEqual(
      fail('forbidden', SUGGEST_MSG.reviewPrivilege),
    );
    const queue = await suggestedEditQueue(ports, as('pro'), { limit: 10, offset: 0 });
    expect(queue.ok && queue.value).toMatchObject({
      total: 1,
      items: [
        { type: 'question', suggester: 'newbie', title: 'Teh title', suggestedTitle: 'The title', text: 'Teh text' },
      ],
    });

    const sid = receipt(suggested);
    expect(await reviewSuggestedEdit(ports, as('ann'), { id: sid, decision: 'approve' })).toEqual(
      fail('forbidden', SUGGEST_MSG.reviewPrivilege),
    );
    recorded.events.length = 0;
    expect(await reviewSuggestedEdit(ports, as('pro'), { id: sid, decision: 'approve' })).toEqual({
      ok: true,
      value: { id: sid, decision: 'approve' },
    });
    expect(await reviewSuggestedEdit(ports, as('mod'), { id: sid, decision: 'reject', reason: 'late' })).toEqual(
      fail('conflict', SUGGEST_MSG.reviewed),
    );
    const [q] = await rows(database.db, sql`SELECT title, text FROM questions WHERE id = ${id.q!}`);
    expect(q).toEqual({ title: 'The title', text: 'The text' });
    expect((await listRevisions(database.db, 'question', id.q!))!.revisions).toMatchObject([
      { editedBy: 'newbie', title: 'Teh title', text: 'Teh text' },
    ]);
    expect(await reputation('newbie')).toBe(3);
    const [notice] = await rows(
      database.db,
      sql`SELECT kind, excerpt FROM notifications WHERE user_id = ${id.newbie!} ORDER BY id DESC LIMIT 1`,
    );
    expect(notice).toEqual({ kind: 'moderation', excerpt: SUGGEST_MSG.approvedNotice });
    expect(recorded.events.map((e) => e.event)).toEqual(
      expect.arrayContaining(['notificationUpdate', 'bodiesUpdate', 'questionUpdate', 'reviewUpdate']),
    );
  });

  it('applies a privileged user’s edit at once; a rejection keeps its reason and tells the suggester', async () => {
    expect(await editAnswer(ports, as('pro'), { answerId: id.a!, text: 'An answer' })).toMatchObject({
      ok: true,
      value: { text: 'An answer' },
    });
    const suggested = await editAnswer(ports, as('newbie'), { answerId: id.a!, text: 'An answer, with spam' });
    const sid = receipt(suggested);
    expect(await reviewSuggestedEdit(ports, as('newbie'), { id: sid, decision: 'approve' })).toEqual(
      fail('forbidden', SUGGEST_MSG.reviewPrivilege),
    );
    expect(await reviewSuggestedEdit(ports, as('mod'), { id: sid, decision: 'reject', reason: 'Adds a link' })).toEqual(
      { ok: true, value: { id: sid, decision: 'reject' } },
    );
    const [a] = await rows(database.db, sql`SELECT text FROM answers WHERE id = ${id.a!}`);
    expect(a).toEqual({ text: 'An answer' });
    const [s] = await rows(database.db, sql`SELECT outcome, reason FROM suggested_edits WHERE id = ${sid}`);
    expect(s).toEqual({ outcome: 'rejected', reason: 'Adds a link' });
    expect(await reputation('newbie')).toBe(3);
    const [notice] = await rows(
      database.db,
      sql`SELECT excerpt FROM notifications WHERE user_id = ${id.newbie!} ORDER BY id DESC LIMIT 1`,
    );
    expect(notice).toEqual({ excerpt: `${SUGGEST_MSG.rejectedNotice}: Adds a link` });
    expect(await reviewSuggestedEdit(ports, as('mod'), { id: '999999', decision: 'approve' })).toEqual(
      fail('notFound', SUGGEST_MSG.notFound),
    );
  });
});
