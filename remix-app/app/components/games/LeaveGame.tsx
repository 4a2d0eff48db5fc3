/**
 * The game screen's Leave Game (SPEC §2). Before anybody joined, leaving cancels the game and
 * is posted at once; during play it hands the win to the opponent, so it asks first (issue 42):
 * a link to `?confirm=leave` opens a confirmation (a modal dialog with JavaScript, the page's
 * own state without) whose button posts the leave.
 */
import { Form, Link, useSearchParams } from '@remix-run/react';
import { CancelLink, ConfirmDialog } from '../ConfirmDialog.tsx';

function LeaveForm({ busy, label }: { busy: boolean; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="leave" />
      <button type="submit" className={label === 'Leave Game' ? undefined : 'danger'} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

export function LeaveGame({ playing, opponent, busy }: { playing: boolean; opponent: string | null; busy: boolean }) {
  const [params] = useSearchParams();
  if (!playing) return <LeaveForm busy={busy} label="Leave Game" />;
  return (
    <>
      <Link to="?confirm=leave" replace className="button">
        Leave Game
      </Link>
      {params.get('confirm') === 'leave' ? (
        <ConfirmDialog labelledBy="leave-heading" cancelTo=".">
          <h2 id="leave-heading">Leave this game?</h2>
          <p>The game is still being played: if you leave now, you lose and {opponent ?? 'the other player'} wins.</p>
          <div className="row">
            <LeaveForm busy={busy} label="Leave and lose" />
            <CancelLink to=".">Stay</CancelLink>
          </div>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
