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

/**
 * What a post's Markdown may amplify into, counted before it is rendered
 * (packages/markdown/src/render-cost.ts): table cells (a row gets every column of its table, so 1,000 columns
 * and 13,000 one-letter lines made 13 million), and the characters that link references repeat
 * (one long link definition used thousands of times made 33 MB of HTML from 30 kB).
 */
export const TABLE_CELLS_MAX = 2_000;
export const REFERENCE_CHARS_MAX = 64 * 1024;

export const RENDER_COST_MSG = {
  tooManyCells: `A post can hold at most ${TABLE_CELLS_MAX.toLocaleString('en-US')} table cells (each row counts every column of its table). Split the table, or use fewer rows or columns.`,
  tooManyReferences: `This post repeats its link references too often (more than ${REFERENCE_CHARS_MAX / 1024} kB of links once written out). Use fewer references to long links.`,
} as const;
