/**
 * The header's natural-language search box (SPEC §2/§8). It is a GET form to /search, so Enter
 * or the icon opens the full results page, with JavaScript or without (issue 42). With it, the
 * box also suggests the top 3 as the user types (GET /question/semanticSearch, a moment after
 * the typing stops) under the box: the hint before the first search, "No results found.", or
 * the error; long titles end with an ellipsis at a word boundary. Arrow keys move through the
 * suggestions, Enter or a click opens the one chosen, Escape closes; the list hides 200 ms
 * after the box loses focus (so a click on a suggestion still lands).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Form, useNavigate } from '@remix-run/react';
import { MSG } from '@fso/shared';
import { useDebouncedWork } from '../debounced.ts';
import { clipTitle } from './clip-title.ts';
import { semanticSearch, type Suggestion } from './semantic-client.ts';

const SUGGESTIONS = 3;
const HIDE_AFTER_BLUR_MS = 200;
/** How long typing must pause before the box asks for suggestions. */
const SUGGEST_AFTER_MS = 300;

type State =
  { kind: 'hint' } | { kind: 'loading' } | { kind: 'hits'; hits: Suggestion[] } | { kind: 'error'; message: string };

export function SemanticSearchBox() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [state, setState] = useState<State>({ kind: 'hint' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const query = text.trim();
  useDebouncedWork(query || null, SUGGEST_AFTER_MS, async (words, signal) => {
    setActive(-1);
    setState({ kind: 'loading' });
    const result = await semanticSearch(words, SUGGESTIONS, signal);
    setState(
      result.ok
        ? { kind: 'hits', hits: result.hits.slice(0, SUGGESTIONS) }
        : { kind: 'error', message: result.message },
    );
  });

  function choose(hit: Suggestion) {
    setOpen(false);
    navigate(`/question/${hit._id}`);
  }

  // A cleared box is back to the hint.
  const view: State = query ? state : { kind: 'hint' };
  const hits = view.kind === 'hits' ? view.hits : [];
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') return setOpen(false);
    if (!hits.length || !open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the box itself; the keys cycle box → suggestions → box.
      setActive((i) => {
        const next = i + step;
        return next < -1 ? hits.length - 1 : next >= hits.length ? -1 : next;
      });
    } else if (event.key === 'Enter' && active >= 0 && hits[active]) {
      event.preventDefault();
      choose(hits[active]);
    }
  }

  return (
    <Form
      method="get"
      action="/search"
      className="header-search nl-search"
      role="search"
      onSubmit={(event) => {
        // Blank input searches nothing (SPEC §5); otherwise the form goes to /search.
        if (!query) event.preventDefault();
        setOpen(false);
      }}
    >
      <input
        type="search"
        name="text"
        aria-label="Search by meaning"
        placeholder="Ask in your own words..."
        maxLength={500}
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onFocus={() => {
          clearTimeout(hideTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          hideTimer.current = setTimeout(() => setOpen(false), HIDE_AFTER_BLUR_MS);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={open}
        aria-controls="nl-suggestions"
        aria-activedescendant={active >= 0 ? `nl-suggestion-${active}` : undefined}
      />
      <button type="submit" className="icon-button" aria-label="Search by meaning">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 2a7 7 0 0 1 4 12.74V17a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1v-2.26A7 7 0 0 1 12 2zm-3 18h6v1a1 1 0 0 1-1 1h-4a1 1 0 0 1-1-1v-1z"
          />
        </svg>
      </button>
      {open ? (
        <div className="nl-panel" aria-live="polite">
          {view.kind === 'hint' ? <p className="muted">{MSG.nlHint}</p> : null}
          {view.kind === 'loading' ? <p className="muted">Searching...</p> : null}
          {view.kind === 'error' ? <p className="form-error">{view.message}</p> : null}
          {view.kind === 'hits' && !hits.length ? <p className="muted">{MSG.nlNoResults}</p> : null}
          {hits.length ? (
            <ul id="nl-suggestions" role="listbox" aria-label="Suggested questions">
              {hits.map((hit, i) => (
                <li
                  key={hit._id}
                  id={`nl-suggestion-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className={i === active ? 'active' : undefined}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(hit)}
                >
                  {clipTitle(hit.title)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </Form>
  );
}
