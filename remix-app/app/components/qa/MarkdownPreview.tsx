/**
 * The preview under a post's Markdown field: the server's own renderer (POST
 * /post/previewMarkdown), asked once typing pauses, so what is shown is what will be stored;
 * an answer to older text is dropped. Without JavaScript the form's "Preview" button posts the
 * form and the page comes back with `html` rendered by the action.
 */
import { useEffect, useState } from 'react';
import { useDebouncedWork } from '../debounced.ts';
import { PostBody } from './PostBody.tsx';

const DEBOUNCE_MS = 350;

export function useMarkdownPreview(text: string | null): string | null {
  const [html, setHtml] = useState<string | null>(null);
  const absent = text === null;
  const blank = !absent && !text.trim();
  // No text (a form just emptied after posting): no preview; blank text: "Nothing to preview yet."
  useEffect(() => {
    if (absent) setHtml(null);
    else if (blank) setHtml('');
  }, [absent, blank]);
  useDebouncedWork(absent || blank ? null : text, DEBOUNCE_MS, async (source, signal) => {
    const response = await fetch('/post/previewMarkdown', {
      method: 'POST',
      signal,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ text: source }),
    });
    if (response.ok) setHtml(((await response.json()) as { html: string }).html);
  });
  return html;
}

export function MarkdownPreview({ html }: { html: string | null }) {
  if (html === null) return null;
  return (
    <section className="post-preview" aria-label="Preview" aria-live="polite">
      <h2>Preview</h2>
      {html ? <PostBody html={html} /> : <p className="muted">Nothing to preview yet.</p>}
    </section>
  );
}
