/**
 * The controls under someone else's question or answer for a signed-in viewer: Edit (applied at
 * once with the "edit without review" privilege, suggested for review below it) and Flag.
 */
import { Link } from '@remix-run/react';
import type { ActionReply } from '../action-reply.ts';
import { FlagControl } from './FlagControl.tsx';

export function OthersPostActions({
  kind,
  id,
  reply,
}: {
  kind: 'question' | 'answer';
  id: string;
  reply?: ActionReply;
}) {
  return (
    <div className="post-actions">
      {/* Discovered on click: an answer that arrives live must cost its page no request (as Byline). */}
      <Link to={`/edit/${kind}/${id}`} discover="none">
        Edit {kind}
      </Link>
      <FlagControl type={kind} id={id} reply={reply} />
    </div>
  );
}
