/** A picture of the Nim pile: one counter per object, the taken ones faded, read out as a count. */
import { NIM_PILE } from '@fso/game-engine';

export function NimPile({ remaining }: { remaining: number }) {
  return (
    <div className="nim-picture" role="img" aria-label={`${remaining} of ${NIM_PILE} objects left`}>
      {Array.from({ length: NIM_PILE }, (_, i) => (
        <span key={i} className={i < remaining ? 'nim-object' : 'nim-object taken'} />
      ))}
    </div>
  );
}
