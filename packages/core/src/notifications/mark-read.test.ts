/** The rule of marking notifications read by id, as a pure function: no database. */
import { describe, expect, it } from 'vitest';
import { fail, INBOX_MSG } from '@fso/shared';
import { decideMarkRead } from './notifications.ts';

describe('decideMarkRead', () => {
  it('marks the ids when every one is the user’s, each once', () => {
    expect(decideMarkRead([3, 5, 3], [3, 5])).toEqual({ ok: true, value: [3, 5] });
  });

  it('refuses them all when one is someone else’s or unknown, exactly alike', () => {
    expect(decideMarkRead([3, 7], [3])).toEqual(fail('notFound', INBOX_MSG.notificationNotFound));
    expect(decideMarkRead([7], [])).toEqual(fail('notFound', INBOX_MSG.notificationNotFound));
  });
});
