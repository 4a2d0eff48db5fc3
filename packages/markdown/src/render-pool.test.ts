import { describe, expect, it } from 'vitest';
import { renderBody } from './markdown.ts';
import { createRenderPool } from './render-pool.ts';

const text = '# Title\n\n**bold** $x^2$ and\n\n```js\nconst a = 1;\n```';

describe('the render thread', () => {
  it('renders what the renderer renders, text after text', async () => {
    const pool = createRenderPool({ deadlineMs: 5_000, maxWaiting: 8, heapMb: 128 });
    const [first, second] = await Promise.all([pool.render(text), pool.render('*a*')]);
    expect(first).toEqual(renderBody(text));
    expect(second).toEqual({ html: '<p><em>a</em></p>\n', formulas: 0 });
  });

  it('stops a rendering past its CPU time and renders the next text on a new thread', async () => {
    const pool = createRenderPool({ deadlineMs: 300, maxWaiting: 8, heapMb: 128 });
    // A megabyte of emphasis takes seconds (no request carries one; the pool itself has no cap).
    const [slow, next] = await Promise.all([pool.render('*a* '.repeat(250_000)), pool.render('*a*')]);
    expect(slow).toBe('tooSlow');
    expect(next).toEqual({ html: '<p><em>a</em></p>\n', formulas: 0 });
  }, 120_000);

  it('answers busy at once when its queue is full', async () => {
    const pool = createRenderPool({ deadlineMs: 5_000, maxWaiting: 1, heapMb: 128 });
    const waiting = pool.render('*a*');
    expect(await pool.render('*b*')).toBe('busy');
    expect(await waiting).toEqual({ html: '<p><em>a</em></p>\n', formulas: 0 });
  });
});
