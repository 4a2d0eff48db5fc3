/**
 * The formatting toolbar above a post's Markdown field (issue 42): bold, italic, code, link, quote
 * and list buttons, and the same with Ctrl (⌘ on a Mac) + B, I, K, L, Q, U in the field. It edits
 * the text as markdown-format.ts says, through the browser's own editing so that Undo takes it
 * back and the form hears the input (the live preview follows). It appears once JavaScript runs;
 * without it the field is the plain textarea it always was. One tab stop: arrow keys move along
 * the buttons (the ARIA toolbar pattern).
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { applyFormat, FORMATS, type FormatKind } from './markdown-format.ts';

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform);

export function MarkdownToolbar({ fieldId }: { fieldId: string }) {
  const [ready, setReady] = useState(false);
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const mod = ready && isMac() ? '⌘' : 'Ctrl+';

  useEffect(() => {
    setReady(true);
    const field = document.getElementById(fieldId);
    if (!(field instanceof HTMLTextAreaElement)) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      const format = FORMATS.find((f) => f.key === event.key.toLowerCase());
      if (!format) return;
      event.preventDefault();
      apply(field, format.kind);
    };
    field.addEventListener('keydown', onKey);
    return () => field.removeEventListener('keydown', onKey);
  }, [fieldId]);

  if (!ready) return null;

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const last = FORMATS.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? (active + 1) % FORMATS.length
        : event.key === 'ArrowLeft'
          ? (active + last) % FORMATS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    setActive(to);
    buttons.current[to]?.focus();
  }

  return (
    <div className="markdown-toolbar" role="toolbar" aria-label="Formatting" aria-controls={fieldId} onKeyDown={move}>
      {FORMATS.map((f, i) => (
        <button
          key={f.kind}
          ref={(el) => void (buttons.current[i] = el)}
          type="button"
          className={`format-${f.kind}`}
          tabIndex={i === active ? 0 : -1}
          onFocus={() => setActive(i)}
          title={`${f.label} (${mod}${f.key.toUpperCase()})`}
          aria-keyshortcuts={`Control+${f.key.toUpperCase()} Meta+${f.key.toUpperCase()}`}
          onClick={() => {
            const field = document.getElementById(fieldId);
            if (field instanceof HTMLTextAreaElement) apply(field, f.kind);
          }}
        >
          {ICONS[f.kind]}
          <span className="visually-hidden">{f.label}</span>
        </button>
      ))}
    </div>
  );
}

const svg = (d: string) => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <path fill="currentColor" d={d} />
  </svg>
);

/** Each button's face (Material icons' paths, Apache-2.0); its name is the format's label. */
const ICONS: Record<FormatKind, ReactNode> = {
  bold: <span aria-hidden="true">B</span>,
  italic: <span aria-hidden="true">I</span>,
  code: <span aria-hidden="true">{'</>'}</span>,
  link: svg(
    'M3.9 12c0-1.71 1.39-3.1 3.1-3.1h4V7H7c-2.76 0-5 2.24-5 5s2.24 5 5 5h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1zM8 13h8v-2H8v2zm9-6h-4v1.9h4c1.71 0 3.1 1.39 3.1 3.1s-1.39 3.1-3.1 3.1h-4V17h4c2.76 0 5-2.24 5-5s-2.24-5-5-5z',
  ),
  quote: svg('M6 17h3l2-4V7H5v6h3zm8 0h3l2-4V7h-6v6h3z'),
  list: svg(
    'M4 10.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm0-6a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm0 12a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM7 19h14v-2H7v2zm0-6h14v-2H7v2zm0-8v2h14V5H7z',
  ),
};

/** Makes the edit in the field as typing would (one undo step, an input event), then selects what it says. */
function apply(field: HTMLTextAreaElement, kind: FormatKind) {
  const edit = applyFormat(kind, { value: field.value, start: field.selectionStart, end: field.selectionEnd });
  field.focus();
  field.setSelectionRange(edit.from, edit.to);
  // execCommand is deprecated but still the only edit that the browser's undo history keeps.
  const typed = edit.insert
    ? document.execCommand('insertText', false, edit.insert)
    : document.execCommand('delete', false);
  if (!typed) {
    field.setRangeText(edit.insert, edit.from, edit.to);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  field.setSelectionRange(edit.start, edit.end);
}
