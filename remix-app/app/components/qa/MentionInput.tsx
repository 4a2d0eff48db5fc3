/**
 * The comment box with `@name` completion (issue 42): typing `@` and the start of a name lists the
 * people of the thread who match (the post's commenters first, then the rest of the thread) as an
 * ARIA combobox; arrows move, Enter or Tab or a click puts `@name ` in. Without JavaScript it is
 * the plain input it renders as.
 */
import { useRef, useState, type InputHTMLAttributes } from 'react';

const SHOWN = 6;
/** The `@start` of a name the caret is just after (at the start of the text or after a space). */
const MENTION = /(?:^|\s)@([\w.-]*)$/;

export function MentionInput({ people, ...input }: { people: string[] } & InputHTMLAttributes<HTMLInputElement>) {
  const field = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const matches =
    query === null ? [] : people.filter((p) => p.toLowerCase().startsWith(query.toLowerCase())).slice(0, SHOWN);
  const listId = `${input.id ?? 'comment'}-people`;

  function look() {
    const el = field.current;
    if (!el) return;
    const found = MENTION.exec(el.value.slice(0, el.selectionStart ?? el.value.length));
    setQuery(found ? (found[1] ?? '') : null);
    setActive(0);
  }

  function choose(name: string) {
    const el = field.current;
    if (!el) return;
    const caret = el.selectionStart ?? el.value.length;
    const before = el.value.slice(0, caret).replace(/@[\w.-]*$/, `@${name} `);
    el.value = before + el.value.slice(caret);
    el.setSelectionRange(before.length, before.length);
    el.focus();
    setQuery(null);
  }

  return (
    <span className="mention-field">
      <input
        {...input}
        ref={field}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={matches.length > 0}
        aria-controls={listId}
        aria-activedescendant={matches.length ? `${listId}-${active}` : undefined}
        autoComplete="off"
        onInput={look}
        onBlur={() => setQuery(null)}
        onKeyDown={(event) => {
          if (!matches.length) return;
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            const step = event.key === 'ArrowDown' ? 1 : matches.length - 1;
            setActive((a) => (a + step) % matches.length);
          } else if (event.key === 'Enter' || event.key === 'Tab') {
            event.preventDefault();
            choose(matches[active] ?? matches[0]!);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            setQuery(null);
          }
        }}
      />
      <ul
        role="listbox"
        id={listId}
        aria-label="People in this thread"
        className="mention-list"
        hidden={!matches.length}
      >
        {matches.map((name, i) => (
          <li
            key={name}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(name);
            }}
          >
            @{name}
          </li>
        ))}
      </ul>
    </span>
  );
}
