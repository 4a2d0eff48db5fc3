/**
 * The ask, answer and edit forms: labelled fields, an error under each field from the shared zod
 * schema (checked in the browser before sending, and again by the server), one submit button;
 * the `multiline` field with its formatting toolbar (MarkdownField.tsx) and a Markdown preview
 * (live with JavaScript, a "Preview" button without), and a field's `list` of suggestions (a
 * datalist passed as children). Given an `action` elsewhere (the answer box under a question),
 * it posts there with a fetcher, so its errors show in place, and is emptied once the post went
 * through; without JavaScript it is a plain form to that address. A field with a `maxLength` takes more and says why it is too long
 * (a counter, the schema's message as soon as it is over) rather than silently dropping what is
 * typed past it (issue 42).
 */
import { Fragment, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Form, useActionData, useFetcher, useNavigation } from '@remix-run/react';
import type { z } from 'zod';
import { EDIT_SUMMARY_MAX, fieldErrors, PREVIEW_INTENT } from '@fso/shared';
import { POST_FORM, type ActionReply } from '../action-reply.ts';
import { FormError } from '../FormError.tsx';
import { MarkdownField } from './MarkdownField.tsx';
import { MarkdownPreview, useMarkdownPreview } from './MarkdownPreview.tsx';
import { LengthCounter } from './LengthCounter.tsx';

export interface PostField {
  name: string;
  label: string;
  hint?: string;
  multiline?: boolean;
  /** Counted as typed; more is refused by the schema, with its message. */
  maxLength?: number;
  /** Id of a datalist of suggestions for this input. */
  list?: string;
}

/** The edit forms' last field: what the edit does, optional (shown on the revisions page). */
export const EDIT_SUMMARY_FIELD: PostField = {
  name: 'summary',
  label: 'Edit Summary',
  hint: 'Briefly say what you changed (optional)',
  maxLength: EDIT_SUMMARY_MAX,
};

export function PostForm({
  schema,
  fields,
  submit,
  children,
  afterField,
  onFieldInput,
  initial,
  action,
}: {
  schema: z.ZodType;
  fields: PostField[];
  submit: string;
  children?: ReactNode;
  /** Shown right under the named field (e.g. similar questions under the title). */
  afterField?: { name: string; node: ReactNode };
  onFieldInput?: (name: string, value: string) => void;
  /** What the fields hold at first (an edit form: the post as it is). */
  initial?: Record<string, string>;
  /** Where the form posts when not to its own page's action. */
  action?: string;
}) {
  const fetcher = useFetcher<ActionReply>();
  const actionData = useActionData<ActionReply>();
  const navigation = useNavigation();
  const reply = action ? fetcher.data : actionData;
  const server = reply?.form === POST_FORM ? reply : undefined;
  const [errors, setErrors] = useState<Record<string, string> | null>(null);
  const [body, setBody] = useState<string | null>(null);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const livePreview = useMarkdownPreview(body);
  const preview = livePreview ?? (server?.ok && server.preview !== undefined ? { html: server.preview } : null);
  const busy = action ? fetcher.state !== 'idle' : navigation.state === 'submitting';
  const refusal = server?.ok === false ? (server.fields ?? { form: server.error }) : undefined;
  const shown = { ...(errors ?? refusal), ...overLimit() };
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (fetcher.state !== 'idle') return void (sent.current = true);
    // Back from a post that went through (the action redirected): the form starts over.
    if (sent.current && fetcher.data?.ok !== false) {
      form.current?.reset();
      setBody(null);
      setTyped({});
    }
    sent.current = false;
  }, [fetcher.state, fetcher.data]);
  const PostingForm = action ? fetcher.Form : Form;

  /** The schema's message for each counted field typed past its limit. */
  function overLimit(): Record<string, string> {
    const over = fields.filter((f) => f.maxLength !== undefined && (typed[f.name]?.length ?? 0) > f.maxLength);
    if (over.length === 0) return {};
    const result = fieldErrors(schema, typed);
    const errors: Record<string, string> = {};
    for (const f of over) {
      const message = result.ok ? undefined : result.errors[f.name];
      if (message) errors[f.name] = message;
    }
    return errors;
  }

  function check(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter instanceof HTMLButtonElement && submitter.value === PREVIEW_INTENT) return;
    const result = fieldErrors(schema, Object.fromEntries(new FormData(event.currentTarget)));
    setErrors(result.ok ? null : result.errors);
    if (!result.ok) event.preventDefault();
  }

  function reportInput(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement;
    if (target.name) onFieldInput?.(target.name, target.value);
    if (target instanceof HTMLTextAreaElement) setBody(target.value);
    if (fields.some((f) => f.name === target.name && f.maxLength !== undefined))
      setTyped((was) => ({ ...was, [target.name]: target.value }));
  }

  return (
    <PostingForm
      ref={form}
      method="post"
      action={action}
      className="post-form stack"
      onSubmit={check}
      onInput={reportInput}
      noValidate
    >
      {fields.map((f) => (
        <Fragment key={f.name}>
          {f.multiline ? (
            <MarkdownField
              name={f.name}
              label={f.label}
              hint={f.hint}
              defaultValue={server?.values?.[f.name] ?? initial?.[f.name]}
              error={shown[f.name]}
            />
          ) : (
            <label className="field">
              <span>{f.label}</span>
              {f.hint ? <small className="muted">{f.hint}</small> : null}
              <input
                name={f.name}
                defaultValue={server?.values?.[f.name] ?? initial?.[f.name]}
                aria-invalid={Boolean(shown[f.name])}
                list={f.list}
                autoComplete={f.list ? 'off' : undefined}
              />
              {f.maxLength === undefined ? null : <LengthCounter value={typed[f.name]} max={f.maxLength} />}
              <FormError message={shown[f.name]} />
            </label>
          )}
          {f.multiline ? <MarkdownPreview preview={preview} /> : null}
          {afterField?.name === f.name ? afterField.node : null}
        </Fragment>
      ))}
      {children}
      <FormError message={shown.form} />
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          {submit}
        </button>
        <noscript>
          <button type="submit" name="intent" value={PREVIEW_INTENT}>
            Preview
          </button>
        </noscript>
      </div>
    </PostingForm>
  );
}
