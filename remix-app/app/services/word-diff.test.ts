import { describe, expect, it } from 'vitest';
import { wordDiff } from './word-diff.ts';

const render = (parts: ReturnType<typeof wordDiff>) =>
  parts.map((p) => (p.kind === 'same' ? p.text : p.kind === 'added' ? `{+${p.text}+}` : `[-${p.text}-]`)).join('');

describe('wordDiff', () => {
  it('marks the words removed and added, keeping the rest', () => {
    expect(render(wordDiff('the quick brown fox jumps', 'the slow brown fox leaps high'))).toBe(
      'the [-quick-]{+slow+} brown fox [-jumps-]{+leaps high+}',
    );
  });

  it('says nothing changed for equal texts, and everything for unrelated ones', () => {
    expect(wordDiff('same text', 'same text')).toEqual([{ kind: 'same', text: 'same text' }]);
    expect(wordDiff('', 'new')).toEqual([{ kind: 'added', text: 'new' }]);
    expect(wordDiff('old', '')).toEqual([{ kind: 'removed', text: 'old' }]);
  });

  it('rebuilds both texts from its parts, even for a rewrite too big to align word by word', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `w${i}`).join(' ');
    const after = Array.from({ length: 3000 }, (_, i) => `v${i}`).join(' ');
    const parts = wordDiff(`start ${before} end`, `start ${after} end`);
    expect(
      parts
        .filter((p) => p.kind !== 'added')
        .map((p) => p.text)
        .join(''),
    ).toBe(`start ${before} end`);
    expect(
      parts
        .filter((p) => p.kind !== 'removed')
        .map((p) => p.text)
        .join(''),
    ).toBe(`start ${after} end`);
  });
});
