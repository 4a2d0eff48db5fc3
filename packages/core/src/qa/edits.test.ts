/** The edit rule as a pure function: no database. */
import { describe, expect, it } from 'vitest';
import { fail, MOD_MSG, MSG } from '@fso/shared';
import { decideEdit } from './edits.ts';

const now = { author: 1, locked: false, title: 'Title', text: 'Text', tags: ['a', 'b'] };
const edit = (fields: Partial<typeof now>, editorId = 1) => ({
  editorId,
  fields: { title: now.title, text: now.text, tags: now.tags, ...fields },
});

describe('decideEdit', () => {
  it('changes the post when any field differs, tags in order included', () => {
    expect(decideEdit(now, edit({ text: 'New' }), MSG.questionNotFound)).toEqual({
      ok: true,
      value: { changed: true },
    });
    expect(decideEdit(now, edit({ tags: ['b', 'a'] }), MSG.questionNotFound)).toEqual({
      ok: true,
      value: { changed: true },
    });
  });

  it('changes nothing (no revision) when every field is the same', () => {
    expect(decideEdit(now, edit({}), MSG.questionNotFound)).toEqual({ ok: true, value: { changed: false } });
    expect(
      decideEdit({ author: 1, locked: false, text: 'x' }, { editorId: 1, fields: { text: 'x' } }, MSG.answerNotFound),
    ).toEqual({
      ok: true,
      value: { changed: false },
    });
  });

  it('lets only the author edit a post that exists', () => {
    expect(decideEdit(now, edit({ text: 'New' }, 2), MSG.questionNotFound)).toEqual(fail('forbidden', MSG.notYourPost));
    expect(decideEdit(null, edit({}), MSG.answerNotFound)).toEqual(fail('notFound', MSG.answerNotFound));
  });

  it('refuses every edit of a locked question’s posts, its author’s too (409)', () => {
    expect(decideEdit({ ...now, locked: true }, edit({ text: 'New' }), MSG.questionNotFound)).toEqual(
      fail('conflict', MOD_MSG.questionLocked),
    );
  });
});
