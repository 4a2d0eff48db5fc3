import { describe, expect, it } from 'vitest';
import { excerpter, highlight, plainText, searchTerms } from './highlight.ts';

const marked = (segments: { text: string; match: boolean }[]) => segments.map((s) => (s.match ? `[${s.text}]` : s.text)).join('');

describe('search excerpts', () => {
  it('takes the words of a search, without tags, exclusions, quotes and stop words, as roots', () => {
    expect(searchTerms('[react] how to "test hooks" -enzyme testing')).toEqual(['test', 'hook']);
    expect(searchTerms('')).toEqual([]);
  });

  it('marks every word that starts with a term, in any case', () => {
    expect(marked(highlight('Testing hooks: a Test of useHook and tests', ['test', 'hook']))).toBe('[Testing] [hooks]: a [Test] of useHook and [tests]');
    expect(marked(highlight('nothing here', []))).toBe('nothing here');
  });

  it('cuts the text around the first match, at word boundaries, with ellipses', () => {
    const text = `${'filler words '.repeat(40)}the qubit decoheres quickly ${'more text '.repeat(40)}`;
    const excerpt = marked(highlight(excerpter(searchTerms('qubits'), 100)(text), searchTerms('qubits')));
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt).toContain('[qubit] decoheres');
    expect(excerpt.length).toBeLessThan(110);
    expect(excerpter(['absent'])('short text')).toBe('short text');
  });

  it('keeps markup as text: tags and code are dropped, never passed through', () => {
    expect(plainText('<script>alert(1)</script> see [the docs](https://x.y) and ```js\ncode\n``` **bold**')).toBe('alert(1) see the docs and bold');
    expect(excerpter(['bold'])('a <b onmouseover="x">bold</b> claim')).toBe('a bold claim');
    expect(plainText('```js\nunclosed fence')).toBe('');
    expect(plainText('a [b]\n(c) x < y, `z`')).toBe('a [b] (c) x < y, z');
  });

  it('finds the first match of each text anew when one excerpter cuts several', () => {
    const excerpt = excerpter(['qubit'], 40);
    const text = `${'filler words '.repeat(10)}a qubit here ${'more text '.repeat(10)}`;
    expect(excerpt(text)).toBe(excerpt(text));
    expect(excerpt(text)).toContain('qubit here');
    expect(excerpt('qubit first, then more words than fit in forty characters')).toBe('qubit first, then more words than fit in…');
  });

  it('makes one space of each run of whitespace, of any kind', () => {
    expect(plainText(' a  b\tc\n\nd \u00a0e\r\nf g ')).toBe('a b c d e f g');
  });
});
