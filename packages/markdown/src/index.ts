/**
 * Public surface of @fso/markdown: post bodies and titles to HTML (CommonMark, highlighted code,
 * TeX as MathML, sanitized), what a body would cost to render, the render pool that renders
 * off the event loop within a CPU-time deadline, and the word diff between two versions of a
 * post's text (its revisions). Machinery only: which bodies are refused, and
 * with what message, is core's (packages/core/src/post-body.ts).
 */
export { mathText, mathTitles, renderMarkdown, sanitizeImportedHtml } from './markdown.ts';
export { splitMath } from './math.ts';
export { renderCost } from './render-cost.ts';
export { createPostRenderer, type RenderPool } from './render-pool.ts';
export { wordDiff } from './word-diff.ts';
