/**
 * A confirmation dialog that is a URL state (so it works without JavaScript: the page renders
 * it open, Cancel is a link back). With JavaScript it becomes a modal <dialog>: focus moves into
 * it and stays there, the page behind is inert, and Escape cancels like the Cancel link.
 */
import { useNavigate } from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';

export function ConfirmDialog({ labelledBy, cancelTo, children }: { labelledBy: string; cancelTo: string; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const d = dialog.current;
    if (!d || d.matches(':modal')) return;
    d.close();
    d.showModal();
  }, []);
  return (
    <div className="modal-backdrop">
      <dialog
        ref={dialog}
        open
        className="modal"
        aria-labelledby={labelledBy}
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
