/**
 * The message composer: a textarea and Send, checked in the browser with the same zod schema
 * the action uses. Enter sends, Shift+Enter adds a line; the text clears once it is sent.
 * Without JavaScript it is a plain form post. With `unavailable` (nothing to send to yet) the
 * composer is off and says why.
 */
import { Form, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { z } from 'zod';
import { MESSAGE_MAX, parseWith } from '@fso/shared';
import { FormError } from '../FormError.tsx';

export function MessageForm({
  schema,
  hidden,
  serverError,
  unavailable = null,
}: {
  schema: z.ZodType;
  hidden: Record<string, string>;
  serverError?: string | null;
  unavailable?: string | null;
}) {
  const [clientError, setClientError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === hidden.intent;
  const wasSending = useRef(false);

  useEffect(() => {
    if (wasSending.current && !sending && !serverError) form.current?.reset();
    wasSending.current = sending;
  }, [sending, serverError]);

  function check(event: FormEvent<HTMLFormElement>) {
    const parsed = parseWith(schema, Object.fromEntries(new FormData(event.currentTarget)));
    setClientError(parsed.ok ? null : parsed.message);
    if (!parsed.ok) event.preventDefault();
  }

  function sendOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }

  return (
    <Form method="post" className="message-form" onSubmit={check} noValidate ref={form}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="field">
        <span className="visually-hidden">Message</span>
        <textarea
          name="msg"
          rows={3}
          maxLength={MESSAGE_MAX}
          placeholder="Type a message…"
          onKeyDown={sendOnEnter}
          disabled={unavailable !== null}
          aria-describedby={unavailable !== null ? 'composer-off' : undefined}
        />
      </label>
      {unavailable !== null ? (
        <p className="muted" id="composer-off">
          {unavailable}
        </p>
      ) : null}
      <FormError message={clientError ?? serverError} />
      <button type="submit" className="primary" disabled={sending || unavailable !== null}>
        Send
      </button>
    </Form>
  );
}
