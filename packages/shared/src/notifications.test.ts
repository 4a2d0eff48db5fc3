import { describe, expect, it } from 'vitest';
import { excerptOf, markReadBodySchema, postExcerptOf, notificationLink } from './notifications.ts';
import { parseWith } from './validate.ts';

describe('shapes', () => {
  it('links to the answer on the question page, to the question, or to the chat', () => {
    expect(notificationLink({ qid: '5', aid: '7', chatId: null })).toBe('/question/5?answer=7#answer-7');
    expect(notificationLink({ qid: '5', aid: null, chatId: null })).toBe('/question/5');
    expect(notificationLink({ qid: null, aid: null, chatId: '9' })).toBe('/messaging/direct-message?chat=9');
  });

  it('cuts excerpts to one line of at most 160 characters', () => {
    expect(excerptOf('  two\n\nlines  ')).toBe('two lines');
    const long = excerptOf('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('…')).toBe(true);
  });

  it("gives a post's excerpt as the text a reader sees, not its Markdown (issue 42)", () => {
    expect(postExcerptOf('Use **bold** and [the docs](https://example.com/d),\n\n`code` too.')).toBe(
      'Use bold and the docs, code too.',
    );
  });

  it('accepts {ids} or {all: true} for markRead and explains anything else', () => {
    expect(parseWith(markReadBodySchema, { ids: ['1', 2] })).toEqual({ ok: true, value: { ids: ['1', '2'] } });
    expect(parseWith(markReadBodySchema, { ids: ['x'] })).toMatchObject({ message: 'That id is not valid.' });
    expect(parseWith(markReadBodySchema, { all: true })).toEqual({ ok: true, value: { all: true } });
    for (const bad of [{}, { ids: [] }, { ids: ['x'] }, { all: false }, { ids: ['1'], all: true }, []]) {
      const parsed = parseWith(markReadBodySchema, bad);
      expect(parsed.ok).toBe(false);
    }
    expect(parseWith(markReadBodySchema, {})).toMatchObject({
      message: 'Send {"ids": [notification ids]} or {"all": true}.',
    });
    expect(parseWith(markReadBodySchema, { ids: Array.from({ length: 201 }, (_, i) => i + 1) })).toMatchObject({
      message: 'Mark at most 200 notifications at once.',
    });
  });
});
