/**
 * The search box's help (issue 42): a "?" beside it that opens the list of operators. A
 * `<details>`, so it opens and closes without JavaScript.
 */
import { SEARCH_OPERATORS } from '@fso/shared';

export function SearchHelp() {
  return (
    <details className="search-help">
      <summary className="icon-button" aria-label="Search help">
        ?
      </summary>
      <div className="search-help-panel">
        <p>Combine words with these:</p>
        <dl>
          {SEARCH_OPERATORS.map((o) => (
            <div key={o.example}>
              <dt>
                <code>{o.example}</code>
              </dt>
              <dd>{o.finds}</dd>
            </div>
          ))}
        </dl>
      </div>
    </details>
  );
}
