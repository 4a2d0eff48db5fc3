/**
 * What each button of the Markdown toolbar does to a text and its selection (issue 42), as pure
 * functions: bold, italic and inline code wrap the selection (or a placeholder, selected so that
 * typing replaces it) and unwrap it when it is wrapped already; a selection over several lines
 * becomes a fenced code block; a link wraps the selection as its label and selects the address
 * to type; quote and list prefix every selected line, or take the prefix away when every line
 * has it. The answer is one replacement (so the browser's undo takes it back in one step) and the
 * selection after it.
 */

export type FormatKind = 'bold' | 'italic' | 'code' | 'link' | 'quote' | 'list';

/** A text and its selection, as a textarea has them. */
export interface TextState {
  value: string;
  start: number;
  end: number;
}

/** Replace `from`–`to` of the old text with `insert`, then select `start`–`end` of the new one. */
export interface TextEdit {
  from: number;
  to: number;
  insert: string;
  start: number;
  end: number;
}

/** The toolbar's buttons in order: each one's name and the key that with Ctrl (⌘ on a Mac) does the same. */
export const FORMATS: readonly { kind: FormatKind; label: string; key: string }[] = [
  { kind: 'bold', label: 'Bold', key: 'b' },
  { kind: 'italic', label: 'Italic', key: 'i' },
  { kind: 'code', label: 'Code', key: 'k' },
  { kind: 'link', label: 'Link', key: 'l' },
  { kind: 'quote', label: 'Quote', key: 'q' },
  { kind: 'list', label: 'Bulleted list', key: 'u' },
];

const PLACEHOLDER: Record<FormatKind, string> = {
  bold: 'strong text',
  italic: 'emphasized text',
  code: 'code',
  link: 'link text',
  quote: 'quote',
  list: 'list item',
};

/** The address a new link starts with, selected so the real one replaces it. */
export const LINK_PLACEHOLDER = 'https://';

export function applyFormat(kind: FormatKind, state: TextState): TextEdit {
  switch (kind) {
    case 'bold':
      return wrap(state, '**', PLACEHOLDER.bold);
    case 'italic':
      return wrap(state, '*', PLACEHOLDER.italic);
    case 'code':
      return state.value.slice(state.start, state.end).includes('\n')
        ? fence(state)
        : wrap(state, '`', PLACEHOLDER.code);
    case 'link':
      return link(state);
    case 'quote':
      return prefixLines(state, '> ', PLACEHOLDER.quote);
    case 'list':
      return prefixLines(state, '- ', PLACEHOLDER.list);
  }
}

/** The text with the edit made. */
export function edited(value: string, edit: TextEdit): string {
  return value.slice(0, edit.from) + edit.insert + value.slice(edit.to);
}

/** `marker` around the selection, or around a selected placeholder; taken away when it is there already. */
function wrap({ value, start, end }: TextState, marker: string, placeholder: string): TextEdit {
  const selected = value.slice(start, end);
  const n = marker.length;
  const markedAt = (at: number) => value.startsWith(marker, at) && !isLonger(value, at, marker);
  // **text** selected with its markers, or just text between them: unwrap.
  if (selected.length > 2 * n && selected.startsWith(marker) && selected.endsWith(marker) && markedAt(start))
    return { from: start, to: end, insert: selected.slice(n, -n), start, end: end - 2 * n };
  if (start >= n && markedAt(start - n) && markedAt(end))
    return { from: start - n, to: end + n, insert: selected, start: start - n, end: end - n };
  const inner = selected || placeholder;
  return { from: start, to: end, insert: marker + inner + marker, start: start + n, end: start + n + inner.length };
}

/** Whether the marker at `at` is part of a longer run of its character (`*` inside `**`). */
function isLonger(value: string, at: number, marker: string): boolean {
  const c = marker[0]!;
  return value[at - 1] === c || value[at + marker.length] === c;
}

/** The selected lines inside a fenced block. */
function fence(state: TextState): TextEdit {
  const { from, to } = lineSpan(state);
  const lines = state.value.slice(from, to);
  const insert = `\`\`\`\n${lines}\n\`\`\``;
  return { from, to, insert, start: from + 4, end: from + 4 + lines.length };
}

function link({ value, start, end }: TextState): TextEdit {
  const selected = value.slice(start, end);
  if (/^https:\/\/\S+$/.test(selected)) {
    const insert = `[${PLACEHOLDER.link}](${selected})`;
    return { from: start, to: end, insert, start: start + 1, end: start + 1 + PLACEHOLDER.link.length };
  }
  const label = selected || PLACEHOLDER.link;
  const at = start + label.length + 3;
  return {
    from: start,
    to: end,
    insert: `[${label}](${LINK_PLACEHOLDER})`,
    start: at,
    end: at + LINK_PLACEHOLDER.length,
  };
}

/** Every selected line starts with `prefix` (an empty line gets a selected placeholder), or none does when all did. */
function prefixLines(state: TextState, prefix: string, placeholder: string): TextEdit {
  const { from, to } = lineSpan(state);
  const lines = state.value.slice(from, to).split('\n');
  if (lines.every((line) => line.startsWith(prefix))) {
    const insert = lines.map((line) => line.slice(prefix.length)).join('\n');
    return { from, to, insert, start: from, end: from + insert.length };
  }
  if (lines.length === 1 && lines[0]!.trim() === '') {
    const insert = prefix + placeholder;
    return { from, to, insert, start: from + prefix.length, end: from + insert.length };
  }
  const insert = lines.map((line) => (line.startsWith(prefix) ? line : prefix + line)).join('\n');
  return { from, to, insert, start: from, end: from + insert.length };
}

/** From the start of the selection's first line to the end of its last. */
function lineSpan({ value, start, end }: TextState): { from: number; to: number } {
  const from = value.lastIndexOf('\n', start - 1) + 1;
  // A selection that ends just after a line break ends on the line before it.
  const last = end > start && value[end - 1] === '\n' ? end - 1 : end;
  const next = value.indexOf('\n', last);
  return { from, to: next === -1 ? value.length : next };
}
