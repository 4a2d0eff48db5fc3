/** The edit rule as a pure function: no database. */
import { describe, expect, it } from 'vitest';
import { fail, MOD_MSG, MSG, SUGGEST_MSG } from '@fso/shared';
import { decideEdit } from './edits.ts';

const now = { author: 1, locked: false, pendingSuggestion: false, title: 'Title', text: 'Text', tags: ['a', 'b'] };
const edit = (fields: Partial<typeof now>, editorId = 1, privileged = false) => ({
  editorId,
  privileged,
  fields: { title: now.title, text: now.text, tags: now.tags, ...fields },
});

describe('decideEdit', () => {
  it('changes the post when any field differs, tags in order included', () => {
    expect(decideEdit(now, edit({ text: 'New' }), MSG.questionNotFound)).toEqual({
      ok: true,
      value: { changed: true, suggest: false },
    });
    expect(decideEdit(now, edit({ tags: ['b', 'a'] }), MSG.questionNotFound)).toEqual({
      ok: true,
      value: { changed: true, suggest: false },
    });
  });

  it('changes nothing (no revision) when every field is the same', () => {
    expect(decideEdit(now, edit({}), MSG.questionNotFound)).toEqual({
      ok: true,
      value: { changed: false, suggest: false },
    });
    expect(
      decideEdit(
        { author: 1, locked: false, pendingSuggestion: false, text: 'x' },
        { editorId: 1, privileged: false, fields: { text: 'x' } },
        MSG.answerNotFound,
      ),
    ).toEqual({ ok: true, value: { changed: false, suggest: false } });
  });

  it('applies a privileged user’s edit of another’s post; suggests anyone else’s for review', () => {
    expect(decideEdit(now, edit({ text: 'New' }, 2, true), MSG.questionNotFound)).toEqual({
      ok: true,
      value: { changed: true, suggest: false },
    });
    expect(decideEdit(now, edit({ text: 'New' }, 2), MSG.questionNotFound)).toEqual({
      ok: true,
      value: { changed: true, suggest: true },
    });
    expect(decideEdit(null, edit({}), MSG.answerNotFound)).toEqual(fail('notFound', MSG.answerNotFound));
  });

  it('keeps one suggestion per post waiting (409); its author still edits it', () => {
    const waiting = { ...now, pendingSuggestion: true };
    expect(decideEdit(waiting, edit({ text: 'New' }, 2), MSG.questionNotFound)).toEqual(
      fail('conflict', SUGGEST_MSG.pendingAlready),
    );
    expect(decideEdit(waiting, edit({ text: 'New' }), MSG.questionNotFound)).toEqual({
      ok: true,
      value: { changed: true, suggest: false },
    });
  });

  it('refuses every edit of a locked question’s posts, its author’s too (409)', () => {
    expect(decideEdit({ ...now, locked: true }, edit({ text: 'New' }), MSG.questionNotFound)).toEqual(
      fail('conflict', MOD_MSG.questionLocked),
    );
    expect(decideEdit({ ...now, locked: true }, edit({ text: 'New' }, 2), MSG.questionNotFound)).toEqual(
      fail('conflict', MOD_MSG.questionLocked),
    );
  });
});
