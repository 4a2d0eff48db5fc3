/**
 * A confirmation dialog that is a URL state (so it works without JavaScript: the page renders
 * it open, Cancel is a link back). With JavaScript it becomes a modal <dialog>: focus moves into
 * it and stays there (Tab wraps around, as in the WAI-ARIA dialog pattern, instead of leaving for
 * the browser's own controls), the page behind is inert, and Escape cancels like Cancel. Focus
 * starts on the way out (CancelLink), with and without JavaScript, so that Enter or Space never
 * confirms a destructive action by accident (issue 42).
 */
import { Link, useNavigate } from '@remix-run/react';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

function wrapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [
    ...event.currentTarget.querySelectorAll<HTMLElement>(
      'a[href], button:not(:disabled), input:not(:disabled), textarea, select',
    ),
  ];
  const [first, last] = [focusable[0], focusable.at(-1)];
  if (!first || !last) return;
  const leaving = event.shiftKey ? document.activeElement === first : document.activeElement === last;
  if (!leaving) return;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}

export function ConfirmDialog({
  labelledBy,
  cancelTo,
  children,
}: {
  labelledBy: string;
  cancelTo: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const d = dialog.current;
    if (!d || d.matches(':modal')) return;
    d.close();
    d.showModal();
    // showModal focuses the first control (the destructive one); the dialog starts on Cancel instead.
    d.querySelector<HTMLElement>('[data-cancel]')?.focus();
  }, []);
  return (
    <div className="modal-backdrop">
      <dialog
        ref={dialog}
        open
        className="modal"
        aria-labelledby={labelledBy}
        onKeyDown={wrapTab}
        onCancel={(e) => {
          e.preventDefault();
          navigate(cancelTo, { replace: true });
        }}
      >
        {children}
      </dialog>
    </div>
  );
}

/** A confirmation's Cancel (or Stay): a link back, where focus starts (`autofocus` for the page as served, without JavaScript). */
export function CancelLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} replace preventScrollReset className="button" autoFocus data-cancel>
      {children}
    </Link>
  );
}
