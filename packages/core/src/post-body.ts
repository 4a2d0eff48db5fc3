/**
 * A post body (question, answer or comment) rendered for storing or previewing (issue 39): off
 * the event loop and within a CPU-time deadline (the `renderer` port: @fso/markdown's render
 * pool), and refused, with a message for its author, before rendering when its tables or link
 * references would amplify past the caps (@fso/markdown's renderCost), and after when it has
 * more than MATH_MAX formulas or renders to more than POST_HTML_MAX_BYTES of HTML, so no stored
 * post is larger than that.
 */
import {
  MATH_MAX,
  POST_HTML_MAX_BYTES,
  POST_MSG,
  REFERENCE_CHARS_MAX,
  RENDER_COST_MSG,
  TABLE_CELLS_MAX,
} from '@fso/shared';
import { renderCost } from '@fso/markdown';
import type { Caller, Ports } from './ports.ts';
import { fail, succeed, type Result } from './result.ts';

/** The body's HTML, or why it cannot be stored (`invalid`), or `unavailable` while too many wait to be rendered. */
export async function renderPost(ports: Pick<Ports, 'renderer'>, source: string): Promise<Result<string>> {
  const cost = renderCost(source);
  if (cost.tableCells > TABLE_CELLS_MAX) return fail('invalid', RENDER_COST_MSG.tooManyCells);
  if (cost.referenceChars > REFERENCE_CHARS_MAX) return fail('invalid', RENDER_COST_MSG.tooManyReferences);
  const rendered = await ports.renderer.render(source);
  if (rendered === 'busy') return fail('unavailable', POST_MSG.busy, 1);
  if (rendered === 'tooSlow') return fail('invalid', POST_MSG.tooSlow);
  if (rendered.formulas > MATH_MAX) return fail('invalid', POST_MSG.tooMuchMath);
  if (Buffer.byteLength(rendered.html) > POST_HTML_MAX_BYTES) return fail('invalid', POST_MSG.tooLarge);
  return succeed(rendered.html);
}

/**
 * The Markdown preview of the ask, answer and edit forms (JSON and without JavaScript): the text
 * rendered as its post would be stored, or the post's refusal, within the preview's rate limit
 * (not counted again for a caller the route admitted for it).
 */
export async function previewPost(
  ports: Pick<Ports, 'renderer' | 'limiter'>,
  caller: Caller,
  input: { text: string },
): Promise<Result<string>> {
  return (await ports.limiter.hit('markdownPreview', caller)) ?? renderPost(ports, input.text);
}
