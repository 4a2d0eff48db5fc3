/** Counting what a post's Markdown would amplify into, before rendering (issue 39, "done means"). */
import { describe, expect, it } from 'vitest';
import { REFERENCE_CHARS_MAX } from '@fso/shared';
import { renderBody } from './markdown.ts';
import { delimiterColumns, renderCost } from './render-cost.ts';

const SIZE = 30_000;
const cellsRendered = (source: string) => (renderBody(source).html.match(/<t[dh][ >]/g) ?? []).length;

describe('table cells', () => {
  it('reads a delimiter row as markdown-it does', () => {
    expect(delimiterColumns('|-|-|')).toBe(2);
    expect(delimiterColumns(' :--- | ---: | :-: ')).toBe(3);
    expect(delimiterColumns('---')).toBe(1);
    expect(delimiterColumns('- a')).toBe(0);
    expect(delimiterColumns('- -')).toBe(0);
    expect(delimiterColumns('|-|x|')).toBe(0);
    expect(delimiterColumns('| a | b |')).toBe(0);
  });

  it.each([
    ['a table', '| a | b |\n|---|---|\n| 1 | 2 |\n| 3 |\n\nafter'],
    ['rows without pipes', '|a|b|c|\n|-|-|-|\na\nb\nc'],
    ['in a quote', '> |a|b|\n> |-|-|\n> |1|2|\n> x'],
    ['in a list', '- item\n\n  |a|b|\n  |-|-|\n  |1|2|'],
    ['a heading rule', 'Title | x\n---\ntext'],
    ['the 1,000-column table', `|${'a|'.repeat(1_000)}\n|${'-|'.repeat(1_000)}\n${'a\n'.repeat(20)}`],
  ])('counts at least the cells markdown-it makes: %s', (_, source) => {
    expect(renderCost(source).tableCells).toBeGreaterThanOrEqual(cellsRendered(source));
  });

  it('does not count a table shown as code', () => {
    expect(renderCost('```\n|a|b|\n|-|-|\n|1|2|\n```\n').tableCells).toBe(0);
    expect(renderCost('~~~~\n|a|b|\n|-|-|\n~~~\n|1|2|\n~~~~').tableCells).toBe(0);
  });

  it('counts the issue’s table past the cap, and a real one well under it', () => {
    const wide = `|${'a|'.repeat(1_000)}\n|${'-|'.repeat(1_000)}\n${'a\n'.repeat(12_900)}`.slice(0, SIZE);
    expect(renderCost(wide).tableCells).toBeGreaterThan(1_000_000);
    const real = `| name | value |\n|---|---|\n${'| key | 42 |\n'.repeat(300)}`;
    expect(renderCost(real).tableCells).toBe(602);
  });
});

describe('link references', () => {
  it('counts each use of a definition times its length, labels matched as CommonMark does', () => {
    const url = `https://example.com/${'a'.repeat(80)}`;
    expect(renderCost(`[Ex  Ample]: ${url}\n\nsee [ex ample] and [text][EX AMPLE], not [other]`).referenceChars).toBe(
      3 * url.length,
    );
    expect(renderCost('no [references] here [at all]').referenceChars).toBe(0);
  });

  it('counts one long definition used thousands of times past the cap', () => {
    const url = `https://example.com/${'a'.repeat(10_000)}`;
    const refs = `[x]: ${url}\n\n${'[x]'.repeat(6_000)}`;
    expect(renderCost(refs).referenceChars).toBeGreaterThan(REFERENCE_CHARS_MAX * 100);
  });
});

describe('counting', () => {
  it('counts a 30 kB body in well under a millisecond a kilobyte', () => {
    const bodies = [
      `|${'a|'.repeat(1_000)}\n|${'-|'.repeat(1_000)}\n${'a\n'.repeat(12_900)}`.slice(0, SIZE),
      '['.repeat(SIZE),
      `[x]: y\n${'[x'.repeat(SIZE / 2)}`,
      `${'|-'.repeat(SIZE / 4)}\n${'|-|\n'.repeat(SIZE / 8)}`,
    ];
    for (const body of bodies) {
      const started = performance.now();
      renderCost(body);
      expect(performance.now() - started).toBeLessThan(30);
    }
  });
});
