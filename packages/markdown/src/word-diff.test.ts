import { describe, expect, it } from 'vitest';
import type { DiffPart } from '@fso/shared';
import { wordDiff } from './word-diff.ts';

const render = (parts: DiffPart[]) =>
  parts.map(([kind, text]) => (kind === 0 ? text : kind === 1 ? `{+${text}+}` : `[-${text}-]`)).join('');
const side = (parts: DiffPart[], drop: 1 | -1) =>
  parts
    .filter(([kind]) => kind !== drop)
    .map(([, text]) => text)
    .join('');
const tokens = (text: string) => text.split(/(\s+)/).filter(Boolean);
/** How many tokens (words and the whitespace between them) the diff keeps. */
const kept = (parts: DiffPart[]) => parts.filter(([kind]) => kind === 0).reduce((n, [, t]) => n + tokens(t).length, 0);

/** The length of the longest common subsequence of two token lists (the old quadratic table). */
function lcs(a: string[], b: string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = x === b[j - 1] ? diagonal + 1 : Math.max(row[j]!, row[j - 1]!);
      diagonal = up;
    }
  }
  return row[b.length]!;
}

/** A small deterministic generator, so a failing case can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

describe('wordDiff', () => {
  it('marks the words removed and added, keeping the rest', () => {
    expect(render(wordDiff('the quick brown fox jumps', 'the slow brown fox leaps high'))).toBe(
      'the [-quick-]{+slow+} brown fox [-jumps-]{+leaps high+}',
    );
  });

  it('says nothing changed for equal texts, and everything for unrelated ones', () => {
    expect(wordDiff('same text', 'same text')).toEqual([[0, 'same text']]);
    expect(wordDiff('', 'new')).toEqual([[1, 'new']]);
    expect(wordDiff('old', '')).toEqual([[-1, 'old']]);
    expect(wordDiff('', '')).toEqual([]);
  });

  it('keeps as many words as the longest common subsequence, and rebuilds both texts', () => {
    const next = random(39);
    const words = ['a', 'b', 'c', 'd', 'e'];
    for (let run = 0; run < 300; run++) {
      const make = () => Array.from({ length: Math.floor(next() * 40) }, () => words[Math.floor(next() * 5)]!);
      const [a, b] = [make(), make()];
      const parts = wordDiff(a.join(' '), b.join(' '));
      expect(side(parts, 1)).toBe(a.join(' '));
      expect(side(parts, -1)).toBe(b.join(' '));
      expect(kept(parts)).toBe(lcs(tokens(a.join(' ')), tokens(b.join(' '))));
    }
  });

  it('finds one changed word in a long text', () => {
    const words = Array.from({ length: 5000 }, (_, i) => `w${i}`);
    const changed = words.map((w, i) => (i === 2500 ? 'changed' : i === 4000 ? `${w} inserted` : w));
    expect(wordDiff(words.join(' '), changed.join(' ')).filter(([kind]) => kind !== 0)).toEqual([
      [-1, 'w2500'],
      [1, 'changed'],
      [1, ' inserted'],
    ]);
  });

  it('shows a rewrite past the work cap as removed and added whole, keeping its common start and end', () => {
    const next = random(7);
    const text = (letter: string) =>
      Array.from({ length: 1000 }, () => `${letter}${Math.floor(next() * 50)}`).join(' ');
    const [before, after] = [`start ${text('x')} end`, `start ${text('y')} end`];
    const parts = wordDiff(before, after);
    expect(parts.map(([kind]) => kind)).toEqual([0, -1, 1, 0]);
    expect(side(parts, 1)).toBe(before);
    expect(side(parts, -1)).toBe(after);
  });
});
