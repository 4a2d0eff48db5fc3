import { describe, expect, it } from 'vitest';
import { applyFormat, edited, type FormatKind } from './markdown-format.ts';

/** `|` marks the selection's ends in and out (one `|`: an empty selection). */
function format(kind: FormatKind, marked: string): string {
  const start = marked.indexOf('|');
  const end = marked.indexOf('|', start + 1);
  const value = marked.replaceAll('|', '');
  const state = { value, start, end: end === -1 ? start : end - 1 };
  const edit = applyFormat(kind, state);
  const next = edited(value, edit);
  const selection = edit.start === edit.end ? ['|'] : ['|', '|'];
  return (
    next.slice(0, edit.start) +
    selection[0] +
    next.slice(edit.start, edit.end) +
    (selection[1] ?? '') +
    next.slice(edit.end)
  );
}

describe('the Markdown toolbar', () => {
  it('wraps a selection in bold, italic or code, and unwraps it again', () => {
    expect(format('bold', 'a |word| b')).toBe('a **|word|** b');
    expect(format('bold', 'a **|word|** b')).toBe('a |word| b');
    expect(format('bold', 'a |**word**| b')).toBe('a |word| b');
    expect(format('italic', 'a |word| b')).toBe('a *|word|* b');
    expect(format('italic', 'a *|word|* b')).toBe('a |word| b');
    expect(format('code', 'run |ls| now')).toBe('run `|ls|` now');
    expect(format('code', 'run `|ls|` now')).toBe('run |ls| now');
  });

  it('tells italic from bold: italic inside bold makes both', () => {
    expect(format('italic', '**|word|**')).toBe('***|word|***');
  });

  it('puts a selected placeholder where nothing is selected', () => {
    expect(format('bold', 'a | b')).toBe('a **|strong text|** b');
    expect(format('italic', '|')).toBe('*|emphasized text|*');
    expect(format('code', 'x |')).toBe('x `|code|`');
  });

  it('fences a selection over several lines', () => {
    expect(format('code', 'see:\n|a = 1\nb = 2|\nend')).toBe('see:\n```\n|a = 1\nb = 2|\n```\nend');
  });

  it('makes a link of the selection, selecting the address to type', () => {
    expect(format('link', 'see |the docs| now')).toBe('see [the docs](|https://|) now');
    expect(format('link', '|')).toBe('[link text](|https://|)');
    expect(format('link', 'at |https://example.com/a|')).toBe('at [|link text|](https://example.com/a)');
  });

  it('quotes or lists every selected line, and takes the prefix away when all have it', () => {
    expect(format('quote', 'one\nt|wo\nthr|ee\nfour')).toBe('one\n|> two\n> three|\nfour');
    expect(format('quote', '|> two\n> three|')).toBe('|two\nthree|');
    expect(format('list', 'a|\nb|')).toBe('|- a\n- b|');
    expect(format('list', '- a\n|b|')).toBe('- a\n|- b|');
    expect(format('list', 'text\n|')).toBe('text\n- |list item|');
    expect(format('quote', 'line|')).toBe('|> line|');
  });

  it('ends a selection that stops after a line break on the line before', () => {
    expect(format('list', '|a\n|b')).toBe('|- a|\nb');
  });
});
