/** A post body refused past the render-cost caps before it reaches the renderer (issue 39, "done means"). */
import { describe, expect, it } from 'vitest';
import { RENDER_COST_MSG, TABLE_CELLS_MAX } from '@fso/shared';
import { createPostRenderer } from '@fso/markdown';
import { renderPost } from './post-body.ts';

describe('renderPost', () => {
  const renderer = createPostRenderer();

  it('refuses past either cap before rendering, with the message saying why', async () => {
    const cells = Math.ceil(TABLE_CELLS_MAX / 10) + 1;
    const table = `|${'a|'.repeat(10)}\n|${'-|'.repeat(10)}\n${'a\n'.repeat(cells)}`;
    expect(await renderPost({ renderer }, table)).toEqual({
      ok: false,
      kind: 'invalid',
      message: RENDER_COST_MSG.tooManyCells,
    });
    const refs = `[x]: https://example.com/${'a'.repeat(1_000)}\n\n${'[x] '.repeat(100)}`;
    expect(await renderPost({ renderer }, refs)).toMatchObject({ message: RENDER_COST_MSG.tooManyReferences });
    expect(await renderPost({ renderer }, `|a|b|\n|-|-|\n${'|1|2|\n'.repeat(50)}`)).toMatchObject({ ok: true });
  });
});
