/** Cutting a text at a pattern's matches: shared by search highlighting and the importer's math-aware rewriting. */

/** A run of a text: one of a pattern's matches (`match`), or text between them. */
export interface Run {
  text: string;
  match: boolean;
}

/** The runs of `text` that the global `pattern` matches and the runs between them, in order; no empty runs. */
export function splitMatches(text: string, pattern: RegExp): Run[] {
  const parts: Run[] = [];
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > at) parts.push({ text: text.slice(at, m.index), match: false });
    parts.push({ text: m[0], match: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}
