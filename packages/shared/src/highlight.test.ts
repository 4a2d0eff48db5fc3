import { describe, expect, it } from 'vitest';
import { highlight, plainText, searchExcerpt, searchTerms } from './highlight.ts';

const marked = (segments: { text: string; hit: boolean }[]) => segments.map((s) => (s.hit ? `[${s.text}]` : s.text)).join('');

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
    const excerpt = marked(highlight(searchExcerpt(text, searchTerms('qubits'), 100), searchTerms('qubits')));
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt).toContain('[qubit] decoheres');
    expect(excerpt.length).toBeLessThan(110);
    expect(searchExcerpt('short text', ['absent'])).toBe('short text');
  });

  it('keeps markup as text: tags and code are dropped, never passed through', () => {
    expect(plainText('<script>alert(1)</script> see [the docs](https://x.y) and ```js\ncode\n``` **bold**')).toBe('alert(1) see the docs and bold');
    expect(searchExcerpt('a <b onmouseover="x">bold</b> claim', ['bold'])).toBe('a bold claim');
  });

  it('makes one space of each run of whitespace, of any kind', () => {
    expect(plainText(' a  b\tc\n\nd \u00a0e\r\nf g ')).toBe('a b c d e f g');
  });
});
