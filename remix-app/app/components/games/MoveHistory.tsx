/** The moves of a game so far, oldest first, each as "<player> <what they did>". */
import type { MoveRecord } from '@fso/game-engine';

export function MoveHistory<M>({
  moves,
  describe,
  viewer,
}: {
  moves: MoveRecord<M>[];
  describe: (move: M) => string;
  viewer: string;
}) {
  return (
    <section className="move-history" aria-labelledby="move-history-heading">
      <h2 id="move-history-heading">Moves</h2>
      {moves.length === 0 ? (
        <p className="muted">No moves yet.</p>
      ) : (
        <ol data-testid="move-history">
          {moves.map((m, i) => (
            <li key={i}>
              {m.playerID === viewer ? 'You' : m.playerID} {describe(m.move)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
