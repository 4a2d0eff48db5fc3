/**
 * A moderator's control on another user's profile (issue 41): suspend for a number of days with
 * a reason, or lift a suspension in force. Plain forms posting to the profile's action (intent
 * `suspend`), so they work without JavaScript.
 */
import { Form } from '@remix-run/react';
import { SUSPENSION_DAYS_MAX, SUSPENSION_REASON_MAX, type Suspension } from '@fso/shared';

export function SuspendForm({ suspension, busy }: { suspension: Suspension | undefined; busy: boolean }) {
  return (
    <section aria-labelledby="suspend-heading">
      <h2 id="suspend-heading" className="visually-hidden">
        Suspension
      </h2>
      <Form method="post" className="suspend-form" replace>
        <input type="hidden" name="intent" value="suspend" />
        <label className="field">
          <span>Days suspended</span>
          <input type="number" name="days" min={1} max={SUSPENSION_DAYS_MAX} defaultValue={7} required />
        </label>
        <label className="field suspend-reason">
          <span>Reason for the suspension</span>
          <input type="text" name="reason" maxLength={SUSPENSION_REASON_MAX} required />
        </label>
        <button type="submit" className="danger" disabled={busy}>
          {suspension ? 'Change Suspension' : 'Suspend'}
        </button>
      </Form>
      {suspension ? (
        <Form method="post" replace>
          <input type="hidden" name="intent" value="suspend" />
          <input type="hidden" name="days" value="0" />
          <button type="submit" disabled={busy}>
            Lift Suspension
          </button>
        </Form>
      ) : null}
    </section>
  );
}
