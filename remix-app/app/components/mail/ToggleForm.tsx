/**
 * Follow a question, watch a tag: one button that says the state (aria-pressed) and posts the
 * other one to `action`, which comes back to this page. A plain form: the same without JavaScript.
 */
import { Form, useNavigation } from '@remix-run/react';

export function ToggleForm({ action, on, label }: { action: string; on: boolean; label: { on: string; off: string } }) {
  const busy = useNavigation().state !== 'idle';
  return (
    <Form method="post" action={action} className="toggle-form" preventScrollReset>
      <input type="hidden" name="on" value={on ? '0' : '1'} />
      <button type="submit" aria-pressed={on} disabled={busy} className={on ? 'toggle on' : 'toggle'}>
        {on ? label.on : label.off}
      </button>
    </Form>
  );
}
