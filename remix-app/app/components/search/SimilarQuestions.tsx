/**
 * While a question's title is being typed, the existing questions closest in meaning (up to
 * 5), so a duplicate is caught before posting. Asks GET /question/semanticSearch once typing
 * pauses; an answer to an older title is dropped. Needs JavaScript; without it nothing shows.
 */
import { useEffect, useState } from 'react';
import { Link } from '@remix-run/react';
import { useDebouncedWork } from '../debounced.ts';
import { semanticSearch, type Suggestion } from './semantic-client.ts';

const SHOWN = 5;
const DEBOUNCE_MS = 400;
/** Shorter titles say too little to match on. */
const MIN_LENGTH = 12;

export function SimilarQuestions({ title }: { title: string }) {
  const [hits, setHits] = useState<Suggestion[]>([]);
  const text = title.trim();
  const long = text.length >= MIN_LENGTH;
  useEffect(() => {
    if (!long) setHits([]);
  }, [long]);
  useDebouncedWork(long ? text : null, DEBOUNCE_MS, async (typed, signal) => {
    const result = await semanticSearch(typed, SHOWN, signal);
    setHits(result.ok ? result.hits : []);
  });

  if (!hits.length) return null;
  return (
    <aside className="similar-questions" aria-label="Similar questions">
      <h2>Similar questions — is yours already answered?</h2>
      <ul>
        {hits.map((hit) => (
          <li key={hit._id}>
            <Link to={`/question/${hit._id}`} target="_blank" rel="noreferrer">
              {hit.title}
            </Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}
