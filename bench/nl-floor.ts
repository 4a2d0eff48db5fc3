/**
 * The relevance floor of natural-language search (decision record 0086): on an imported Stack
 * Exchange site, the embedding cosine of what the search offers for real queries — the
 * hand-written paraphrases of real titles (bench/nl-paraphrases.json; the cosine of the
 * question each one means) — against queries about nothing on the site (everyday sentences; the
 * best hit each gets) — and short queries in the site's own words, which must still find
 * something. Prints a Markdown table: what each floor keeps of each kind.
 * Usage: DATABASE_URL=… (or DATA_DIR=…) tsx bench/nl-floor.ts <dump folder>, after `npm run import`.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { sql } from 'drizzle-orm';
import { searchStore } from '@fso/db';
import { createSemanticService, trainAndSaveLsa } from '@fso/search';
import { openImportedSite } from './nl-site.ts';

const { folder, site, database, log } = await openImportedSite();
await trainAndSaveLsa(searchStore(database.db));
const semantic = createSemanticService(searchStore(database.db), { workerIntervalMs: null, log });

/** Sentences a visitor might type that no question on a quantum computing site answers. */
const OFF_TOPIC = [
  'my cat is sick',
  'how do I bake sourdough bread',
  'best pizza place near me',
  'my dog will not stop barking at night',
  'how to fix a flat bicycle tire',
  'what should I cook for dinner tonight',
  'cheap flights to paris in may',
  'how do I get red wine out of a carpet',
  'who won the football match yesterday',
  'how often should I water tomato plants',
  'my car makes a squeaking noise when braking',
  'tips for learning to play the guitar',
  'is coffee bad for your health',
  'how to knit a scarf for beginners',
  'what time does the supermarket close',
  'my baby does not sleep through the night',
  'how to train for a marathon',
  'recommend a good romance novel',
  'why is my houseplant turning yellow',
  'how do I change a light bulb',
];

/** Terse queries in the site's vocabulary, as people type into a search box. */
const SHORT_ON_TOPIC = [
  'qubit',
  'entanglement',
  'grover',
  'shor algorithm',
  'quantum error correction',
  'decoherence',
  'bloch sphere',
  'quantum supremacy',
  'ibm q experience',
  'superposition',
  'quantum annealing',
  'teleportation',
];

const ids = new Map<string, number>();
const found = await database.db.execute<{ id: number; source_url: string }>(
  sql`SELECT id, source_url FROM questions WHERE source_url LIKE ${`${site}/questions/%`}`,
);
for (const r of found.rows) ids.set(r.source_url.slice(`${site}/questions/`.length), Number(r.id));
const { pairs } = JSON.parse(readFileSync(new URL('./nl-paraphrases.json', import.meta.url), 'utf8')) as {
  pairs: { id: string; query: string }[];
};

const cases = pairs.flatMap((p) => (ids.has(p.id) ? [{ query: p.query, target: ids.get(p.id)! }] : []));
const top3 = (query: string, floor: number) => semantic.search(query, 3, { floor });
/** Without a floor: the paraphrases whose question is in the top 3 (only those can be lost to a floor). */
const reachable: typeof cases = [];
for (const c of cases) if ((await top3(c.query, 0)).some((h) => Number(h._id) === c.target)) reachable.push(c);

console.log(`### Relevance floor (${basename(folder)}, ${new Date().toISOString().slice(0, 16)} UTC)\n`);
console.log(
  `A hit is offered when its embedding cosine with the query is at least the floor, or it holds more than half of the query’s words. ` +
    `${reachable.length} of ${cases.length} paraphrases find their question in the top 3 with no floor.\n`,
);
console.log(
  '| floor | paraphrases still finding their question | short on-topic queries offered something | off-topic queries offered anything |',
);
console.log('|---|---|---|---|');
for (const floor of [0.3, 0.35, 0.4, 0.42, 0.45, 0.5]) {
  let kept = 0;
  for (const c of reachable) if ((await top3(c.query, floor)).some((h) => Number(h._id) === c.target)) kept++;
  let short = 0;
  for (const q of SHORT_ON_TOPIC) if ((await top3(q, floor)).length) short++;
  const offered: string[] = [];
  for (const q of OFF_TOPIC) if ((await top3(q, floor)).length) offered.push(q);
  console.log(
    `| ${floor.toFixed(2)} | ${kept} of ${reachable.length} | ${short} of ${SHORT_ON_TOPIC.length} | ${offered.length} of ${OFF_TOPIC.length}${offered.length ? ` (${offered.map((q) => `“${q}”`).join(', ')})` : ''} |`,
  );
}
await semantic.close();
await database.close();
