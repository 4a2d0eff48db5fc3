/**
 * Storing the rendered HTML of post bodies (`npm run render`): the question, answer and comment
 * bodies that have none yet (posts written before migration 0009; pages render those on each
 * view until then), or all of them after a change to the Markdown renderer or its allow list.
 * A page of bodies at a time, in id order, each page's HTML written in one statement.
 */
import { countPostBodies, POST_TABLES, postBodies, storePostHtml } from '@fso/db';
import { renderMarkdown } from '@fso/markdown';
import type { Ports } from '@fso/core';
import type { ProgressBar } from '@fso/search';

const PAGE = 500;

/** Answers how many bodies were rendered; `bar` shows each table's progress. */
export async function renderStoredBodies(
  ports: Pick<Ports, 'db'>,
  opts: { missingOnly: boolean; bar: ProgressBar },
): Promise<number> {
  let rendered = 0;
  for (const table of POST_TABLES) {
    const total = await countPostBodies(ports.db, table, opts.missingOnly);
    let done = 0;
    for (let after = 0; ;) {
      const page = await postBodies(ports.db, table, after, PAGE, opts.missingOnly);
      if (!page.length) break;
      await storePostHtml(
        ports.db,
        table,
        page.map((p) => ({ id: p.id, html: renderMarkdown(p.text) })),
      );
      after = page[page.length - 1]!.id;
      done += page.length;
      opts.bar.update(table, done, total);
    }
    opts.bar.end();
    rendered += done;
  }
  return rendered;
}
