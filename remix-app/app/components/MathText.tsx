/**
 * A title or excerpt whose `$…$` the server rendered as math (core's mathText), while it is the
 * text it was rendered from; otherwise the text as it is (a live edit shows the new text). Lists
 * (the question sidebar, profile activity, notifications) bring theirs by text (@fso/markdown's mathTitles).
 */
export function MathText({ text, math }: { text: string; math: { text: string; html: string } | null | undefined }) {
  return math && math.text === text ? <span dangerouslySetInnerHTML={{ __html: math.html }} /> : <>{text}</>;
}

/** The rendering of `text` for MathText, or null when it holds no math. */
export const withMath = (text: string, html: string | null) => (html === null ? null : { text, html });

/** A title of a list whose titles with math the server rendered, by text (@fso/markdown's mathTitles). */
export function MathTitle({ text, math }: { text: string; math: Record<string, string> }) {
  return <MathText text={text} math={Object.hasOwn(math, text) ? { text, html: math[text]! } : null} />;
}
