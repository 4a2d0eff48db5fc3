/**
 * A post form's Markdown field: its label and hint, the formatting toolbar (once JavaScript runs),
 * the textarea and the field's error. The toolbar sits between the label and the textarea, so
 * the label is a `for` label rather than one wrapping the field (a label wraps one control).
 */
import { useId } from 'react';
import { FormError } from '../FormError.tsx';
import { MarkdownToolbar } from './MarkdownToolbar.tsx';

interface Props {
  name: string;
  label: string;
  hint?: string;
  defaultValue?: string;
  error?: string;
}

export function MarkdownField({ name, label, hint, defaultValue, error }: Props) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={`${id}-text`}>{label}</label>
      {hint ? (
        <small className="muted" id={`${id}-hint`}>
          {hint}
        </small>
      ) : null}
      <MarkdownToolbar fieldId={`${id}-text`} />
      <textarea
        id={`${id}-text`}
        name={name}
        rows={10}
        defaultValue={defaultValue}
        aria-invalid={Boolean(error)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <FormError message={error} />
    </div>
  );
}
