/**
 * "Share" under a question or an answer (issue 42): a plain link to the post's own address, which
 * a reader without JavaScript copies or opens as any link; with JavaScript a click copies the full
 * address instead and says so ("Link copied"), or, when the browser refuses the clipboard, follows
 * the link.
 */
import { useState } from 'react';

const SAID_FOR_MS = 3000;

export function ShareLink({ href, what }: { href: string; what: 'question' | 'answer' }) {
  const [copied, setCopied] = useState(false);
  return (
    <span className="share">
      <a
        href={href}
        className="share-link"
        aria-label={`Share a link to this ${what}`}
        onClick={(event) => {
          if (!navigator.clipboard) return;
          event.preventDefault();
          const url = new URL(href, window.location.href).href;
          navigator.clipboard.writeText(url).then(
            () => {
              setCopied(true);
              setTimeout(() => setCopied(false), SAID_FOR_MS);
            },
            () => window.location.assign(url),
          );
        }}
      >
        Share
      </a>
      <span className="share-status" role="status">
        {copied ? 'Link copied' : ''}
      </span>
    </span>
  );
}
