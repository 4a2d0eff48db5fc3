/** The account deletion rule, as a pure function: no database. */
import { describe, expect, it } from 'vitest';
import { MSG } from '@fso/shared';
import { decideAccountDelete } from './accounts.ts';

describe('decideAccountDelete', () => {
  it('recounts the authors the account’s votes counted for, never the account itself', () => {
    expect(decideAccountDelete({ id: 7, votedFor: [3, 7, 9] })).toEqual({ ok: true, value: { recount: [3, 9] } });
    expect(decideAccountDelete({ id: 7, votedFor: [] })).toEqual({ ok: true, value: { recount: [] } });
  });

  it('refuses when the account is already gone', () => {
    expect(decideAccountDelete(null)).toEqual({ ok: false, kind: 'notFound', message: MSG.userNotFound });
  });
});
