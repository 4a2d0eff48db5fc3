/**
 * A title shortened for a suggestion list: at most `max` characters, cut at the last word
 * boundary that fits and ended with an ellipsis; a title that fits is left whole. A first word
 * longer than `max` alone is cut inside it (there is no boundary to cut at).
 */
export const SUGGESTION_TITLE_MAX = 90;

export function clipTitle(title: string, max = SUGGESTION_TITLE_MAX): string {
  const text = title.trim();
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  // The room ends on a boundary when the next character is a space; else cut back to the last one.
  const boundary = /\s/.test(text[room.length] ?? '') ? room.length : room.search(/\s\S*$/);
  const cut = boundary > 0 ? room.slice(0, boundary) : room;
  return `${cut.replace(/[\s,;:.–—-]+$/u, '')}…`;
}
