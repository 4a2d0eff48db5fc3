/** A word diff as the revisions page and the suggested-edits review show it: removed words struck, added ones marked; nothing when unchanged. */
import type { DiffPart } from '@fso/shared';

export function Diff({ label, parts }: { label: string; parts: DiffPart[] | undefined }) {
  if (!parts || parts.every(([kind]) => kind === 0)) return null;
  return (
    <div className="diff">
      <h3>{label}</h3>
      <p className="diff-text">
        {parts.map(([kind, text], i) =>
          kind === 1 ? (
            <ins key={i}>{text}</ins>
          ) : kind === -1 ? (
            <del key={i}>{text}</del>
          ) : (
            <span key={i}>{text}</span>
          ),
        )}
      </p>
    </div>
  );
}
