/** Cutting a text at a pattern's matches: shared by search highlighting and the importer's math-aware rewriting. */

/** The runs of `text` that the global `pattern` matches and the runs between them, in order; no empty runs. */
export function splitMatches(text: string, pattern: RegExp): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > at) parts.push({ text: text.slice(at, m.index), match: false });
    parts.push({ text: m[0], match: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}
