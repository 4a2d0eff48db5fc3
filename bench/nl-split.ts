/**
 * The natural-language quality benchmark's split of its pairs in two halves: a pair (both of
 * its queries) goes to `tuning` or `held-out` by the first byte of the SHA-256 of its key (the
 * dump's ids of its two questions, smaller first; a paraphrase's target id), so the split is the
 * same on every machine and import, and both directions of a link stay on the same side.
 * Constants are chosen on `tuning` only; `held-out` is what is reported.
 */
import { createHash } from 'node:crypto';

export type Half = 'tuning' | 'held-out';

export const halfOf = (key: string): Half =>
  createHash('sha256').update(key).digest()[0]! & 1 ? 'held-out' : 'tuning';
