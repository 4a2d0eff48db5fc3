/**
 * What a post's Markdown would amplify into, counted before rendering (issue 39, "done means"),
 * in one linear pass, as an upper bound of what markdown-it would build: the cells of its tables
 * (a table's column count times its header and every line up to the next blank one; lines in
 * fenced code are not tables) and the characters its link references write out (each `[label]`
 * that names a definition, times that definition's length). renderPost refuses a post past
 * shared's TABLE_CELLS_MAX or REFERENCE_CHARS_MAX before it reaches the renderer.
 */

export interface RenderCost {
  tableCells: number;
  referenceChars: number;
}

/** Container markers (block quotes) and indentation before a line's content. */
const CONTAINER = /^[ \t>]*/;
const FENCE = /^(`{3,}|~{3,})/;

/** The column count of a table's delimiter row as markdown-it reads it, or 0 when the line is not one. */
export function delimiterColumns(line: string): number {
  const text = line.trim();
  if (!/^[|:-][|:\- \t]/.test(text) || /^-[ \t]/.test(text) || !/^[|:\- \t]+$/.test(text)) return 0;
  const cells = text.split('|');
  let columns = 0;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!.trim();
    if (!cell && (i === 0 || i === cells.length - 1)) continue;
    if (!/^:?-+:?$/.test(cell)) return 0;
    columns++;
  }
  return columns;
}

function tableCells(lines: readonly string[]): number {
  let cells = 0;
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(CONTAINER, '');
    const opener = FENCE.exec(line)?.[1];
    if (fence !== null) {
      if (opener && opener[0] === fence[0] && opener.length >= fence.length) fence = null;
      continue;
    }
    if (opener) {
      fence = opener;
      continue;
    }
    const columns = i > 0 && lines[i - 1]!.includes('|') ? delimiterColumns(line) : 0;
    if (columns === 0) continue;
    let rows = 1;
    while (i + 1 < lines.length && lines[i + 1]!.replace(CONTAINER, '').trim() !== '') {
      rows++;
      i++;
    }
    cells += columns * rows;
  }
  return cells;
}

/** A link label as CommonMark matches it: case-folded, inner whitespace collapsed. */
const label = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
const DEFINITION = /^ {0,3}\[([^\]]{1,999})\]:[ \t]*(.*)$/gm;
const BRACKETED = /\[([^[\]]{1,999})\]/g;

function referenceChars(source: string): number {
  const lengths = new Map<string, number>();
  for (const [, name, rest] of source.matchAll(DEFINITION)) {
    const key = label(name!);
    lengths.set(key, Math.max(lengths.get(key) ?? 0, rest!.length));
  }
  if (lengths.size === 0) return 0;
  let chars = 0;
  for (const [, name] of source.matchAll(BRACKETED)) chars += lengths.get(label(name!)) ?? 0;
  return chars;
}

export function renderCost(source: string): RenderCost {
  return { tableCells: tableCells(source.split('\n')), referenceChars: referenceChars(source) };
}
