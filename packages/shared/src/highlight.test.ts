import { describe, expect, it } from 'vitest';
import { excerpter, highlight, searchTerms } from './highlight.ts';
import { plainText, plainTextStart } from './plain-text.ts';

/** Every start `plainTextStart` reads from a cut of `post` (where it can tell) begins the whole post's plain text. */
const expectStartsOfWhole = (post: string) => {
  for (let chars = 1; chars < post.length; chars++) {
    const start = plainTextStart(post, chars);
    if (start !== null) expect(plainText(post).startsWith(start)).toBe(true);
  }
};
const marked = (segments: { text: string; match: boolean }[]) =>
  segments.map((s) => (s.match ? `[${s.text}]` : s.text)).join('');

describe('search excerpts', () => {
  it('takes the words of a search, without tags, exclusions, quotes and stop words, as roots', () => {
    expect(searchTerms('[react] how to "test hooks" -enzyme testing')).toEqual(['test', 'hook']);
    expect(searchTerms('')).toEqual([]);
  });

  it('marks every word that starts with a term, in any case', () => {
    expect(marked(highlight('Testing hooks: a Test of useHook and tests', ['test', 'hook']))).toBe(
      '[Testing] [hooks]: a [Test] of useHook and [tests]',
    );
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
    expect(plainText('<script>alert(1)</script> see [the docs](https://x.y) and ```js\ncode\n``` **bold**')).toBe(
      'alert(1) see the docs and bold',
    );
    expect(excerpter(['bold'])('a <b onmouseover="x">bold</b> claim')).toBe('a bold claim');
    expect(plainText('```js\nunclosed fence')).toBe('');
    expect(plainText('a [b]\n(c) x < y, `z`')).toBe('a [b] (c) x < y, z');
  });

  it('finds the first match of each text anew when one excerpter cuts several', () => {
    const excerpt = excerpter(['qubit'], 40);
    const text = `${'filler words '.repeat(10)}a qubit here ${'more text '.repeat(10)}`;
    expect(excerpt(text)).toBe(excerpt(text));
    expect(excerpt(text)).toContain('qubit here');
    expect(excerpt('qubit first, then more words than fit in forty characters')).toBe(
      'qubit first, then more words than fit in…',
    );
  });

  it('makes one space of each run of whitespace, of any kind', () => {
    expect(plainText(' a  b\tc\n\nd \u00a0e\r\nf g ')).toBe('a b c d e f g');
  });

  it('cuts a long post as the whole plain text would, across links, tags and fences past the start it reads', () => {
    const excerpt = excerpter(['qubit'], 40);
    const filler = 'word '.repeat(30);
    // The link's target, a tag and a fence run past the first 80 characters read.
    expect(excerpt(`${filler}[a link](${'x'.repeat(200)}) then a qubit ${filler}`)).toBe(
      '…link then a qubit word word word word…',
    );
    expect(excerpt(`${filler}<span ${'y'.repeat(200)}>a qubit</span> ${filler}`)).toBe(
      '…word word a qubit word word word word…',
    );
    expect(excerpt(`${filler}\`\`\`\n${'code '.repeat(40)}\n\`\`\` a qubit ${filler}`)).toBe(
      '…word word a qubit word word word word…',
    );
    // Letters joined by markup past the start read still match; no match at all gives the start.
    expect(excerpt(`${filler}${filler}**qu**bit ${filler}`)).toBe('…word word qubit word word word word word…');
    expect(excerpt(`${filler}${filler}${filler}`)).toBe('word word word word word word word word…');
  });

  it("reads the start of a post's plain text only when the rest cannot change it", () => {
    const post = `see [the docs](https://x.y/${'z'.repeat(50)}) and <b>bold</b> text`;
    expectStartsOfWhole(post);
    expect(plainTextStart(post, 20)).toBeNull();
    expect(plainTextStart(post, post.indexOf('<b>'))).toBe('see the docs and');
    expect(plainTextStart(post, post.indexOf('>bold'))).toBeNull();
    expect(plainTextStart('a <b', 2)).toBe('a');
    expect(plainTextStart('a <b> c', 4)).toBeNull();
  });

  it('shows a clickable image, as Stack Exchange writes every upload, as its alt text', () => {
    const post =
      'a gate like this: [![enter image description here](https://i.sstatic.net/a.png)](https://i.sstatic.net/a.png) Even this';
    expect(plainText(post)).toBe('a gate like this: enter image description here Even this');
    expect(excerpter(['gate'], 200)(post)).toBe('a gate like this: enter image description here Even this');
    // One pass leaves `x [a`, whose `[` the rest of the post may close: the start cannot tell.
    expect(plainTextStart('x [![a](b) c](d) e', 'x [![a](b)'.length)).toBeNull();
    expectStartsOfWhole(post);
  });

  it('keeps TeX whole: its |, _ and * are not markup', () => {
    const post = 'The **state** $|0\\rangle$ and $a_1 * b_2$, with $$\\sum_{i} x_i$$ and a_b outside.';
    expect(plainText(post)).toBe('The state $|0\\rangle$ and $a_1 * b_2$, with $$\\sum_{i} x_i$$ and ab outside.');
    // A `$` left open in the start may be closed by the rest: the start cannot tell.
    expect(plainTextStart(post, post.indexOf('rangle'))).toBeNull();
    expect(plainTextStart(post, post.indexOf('$|'))).toBe('The state');
    expectStartsOfWhole(post);
  });
});
