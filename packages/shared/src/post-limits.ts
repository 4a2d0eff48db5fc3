/**
 * What one post may cost once rendered (issue 39 item 3; docs/decisions): its Markdown is capped
 * by BODY_MAX, and its math and its HTML here, so that no post is stored bigger than
 * POST_HTML_MAX_BYTES. A write past either is refused with one of these texts; the renderer
 * shows a formula past MATH_MAX as its TeX (imported posts still render).
 */
export const MATH_MAX = 500;
export const POST_HTML_MAX_BYTES = 128 * 1024;

export const POST_MSG = {
  tooMuchMath: `A post can hold at most ${MATH_MAX} formulas ($…$ or $$…$$). Use fewer, or write a dollar sign that is not math as \\$.`,
  tooLarge: `This post is too large once formatted (more than ${POST_HTML_MAX_BYTES / 1024} kB). Shorten it, or split its tables, code or math.`,
  tooSlow: 'This post takes too long to format. Shorten it, or simplify its tables, code or math.',
  busy: 'Too many posts are being formatted right now. Try again in a moment.',
} as const;
