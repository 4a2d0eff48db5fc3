/** Text segments with the search's matches in <mark>; rendered as text, so a post cannot inject markup. */
import type { Segment } from '@fso/shared';

export function Highlighted({ segments }: { segments: Segment[] }) {
  return <>{segments.map((s, i) => (s.match ? <mark key={i}>{s.text}</mark> : s.text))}</>;
}
