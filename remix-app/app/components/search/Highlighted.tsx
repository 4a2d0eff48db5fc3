/** A text with the search's matches (`terms`, shared/highlight.ts) in <mark>; rendered as text, so a post cannot inject markup. */
import { highlight } from '@fso/shared';

export function Highlighted({ text, terms }: { text: string; terms: string[] }) {
  return <>{highlight(text, terms).map((s, i) => (s.hit ? <mark key={i}>{s.text}</mark> : s.text))}</>;
}
