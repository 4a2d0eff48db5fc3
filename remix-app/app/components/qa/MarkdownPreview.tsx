/**
 * The preview under a post's Markdown field: the server's own renderer (POST
 * /post/previewMarkdown), asked once typing pauses, so what is shown is what will be stored;
 * an answer to older text is dropped. A text the post would refuse (a link that is not https,
 * SPEC §5) is not rendered: the preview shows the post's message, from the same shared schema
 * the server holds the preview and the post to. Without JavaScript the form's "Preview" button
 * posts the form and the page comes back with `html` rendered by the action, or the error.
 */
import { useEffect, useState } from 'react';
import { parseWith, previewTextSchema } from '@fso/shared';
import { useDebouncedWork } from '../debounced.ts';
import { FormError } from '../FormError.tsx';
import { PostBody } from './PostBody.tsx';

const DEBOUNCE_MS = 350;

/** What the preview shows: the rendered html, or why the text cannot be posted. */
export type Preview = { html: string } | { error: string };

export function useMarkdownPreview(text: string | null): Preview | null {
  const [preview, setPreview] = useState<Preview | null>(null);
  const absent = text === null;
  const blank = !absent && !text.trim();
  const checked = absent || blank ? null : parseWith(previewTextSchema, text);
  const refused = checked && !checked.ok ? checked.message : null;
  // No text (a form just emptied after posting): no preview; blank text: "Nothing to preview yet."
  useEffect(() => {
    if (absent) setPreview(null);
    else if (blank) setPreview({ html: '' });
    else if (refused) setPreview({ error: refused });
  }, [absent, blank, refused]);
  useDebouncedWork(checked?.ok ? checked.value : null, DEBOUNCE_MS, async (source, signal) => {
    const response = await fetch('/post/previewMarkdown', {
      method: 'POST',
      signal,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ text: source }),
    });
    if (response.ok) setPreview((await response.json()) as { html: string });
  });
  return preview;
}

export function MarkdownPreview({ preview }: { preview: Preview | null }) {
  if (preview === null) return null;
  return (
    <section className="post-preview" aria-label="Preview" aria-live="polite">
      <h2>Preview</h2>
      {'error' in preview ? (
        <FormError message={preview.error} />
      ) : preview.html ? (
        <PostBody html={preview.html} />
      ) : (
        <p className="muted">Nothing to preview yet.</p>
      )}
    </section>
  );
}
