/**
 * Imported users (issue 42 item 6, decision record 0099): after `npm run import` of a dump
 * (tests/e2e/dump), /users, a profile and a byline show the display name without `.se<id>` (a
 * clash with a name already taken gets `-2`) and the reputation the dump gave, which a vote here
 * adds to and taking it back restores. With and without JavaScript.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { json, signUp, uniqueName } from './fixtures.ts';

const root = new URL('../..', import.meta.url).pathname;
const DUMP = new URL('dump/e2e.stackexchange.com', import.meta.url).pathname;
/** The database of the site under test, as scripts/e2e-server.mjs names it (none for another server or the cluster). */
const named = process.env.E2E_SITE_DATABASE;
const site = named && existsSync(named) ? (JSON.parse(readFileSync(named, 'utf8')) as Record<string, string>) : null;

test.skip(!site, 'imports into the site scripts/e2e-server.mjs started, whose database it names');
test.describe.configure({ timeout: 120_000 });

test.beforeAll(() => {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  // A second run (the other project on the same site) adds nothing.
  const imported = spawnSync(process.execPath, ['--import', 'tsx', 'remix-app/import.ts', DUMP], {
    cwd: root,
    env: { ...env, ...site, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  expect(imported.stderr.split('\n').filter((line) => /failed/i.test(line))).toEqual([]);
  expect(imported.status).toBe(0);
});

const card = (page: Page, name: string) =>
  page.locator('.user-card').filter({ has: page.getByRole('link', { name, exact: true }) });

test('imported users show their own name and the reputation they had, on /users, the profile and bylines', async ({
  page,
}) => {
  const me = uniqueName('reader');
  await signUp(page, me);

  await page.goto('/users?filter=Lovelace');
  await expect(page.locator('.user-card')).toHaveCount(1);
  await expect(card(page, 'Ada_Lovelace').locator('.reputation')).toHaveText('7,477');
  await expect(page.locator('main')).not.toContainText('.se7');
  // No Reputation in the dump: counted from its votes (two up and an accept on her answer).
  await page.goto('/users?filter=Hopper');
  await expect(card(page, 'Grace_Hopper').locator('.reputation')).toHaveText('36');
  // The demo's alice keeps her name; the imported one is told apart.
  await page.goto('/users?filter=alice&sort=name');
  await expect(card(page, 'alice')).toHaveCount(1);
  await expect(card(page, 'alice-2').locator('.reputation')).toHaveText('3');

  await page.goto('/users?filter=Lovelace');
  await page.getByRole('link', { name: 'Ada_Lovelace', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/Ada_Lovelace$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ada_Lovelace');
  await expect(page.locator('#reputation')).toHaveText('7477');

  await page.getByRole('region', { name: '1 Question' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Which gate turns');
  const byline = (name: string) =>
    page
      .locator('.byline')
      .filter({ has: page.getByRole('link', { name, exact: true }) })
      .first();
  await expect(byline('Ada_Lovelace').locator('.reputation')).toHaveText('7477');
  await expect(byline('Grace_Hopper').locator('.reputation')).toHaveText('36');
  // The attribution keeps the name as the site shows it.
  await expect(page.getByRole('link', { name: 'Ada Lovelace', exact: true })).toHaveAttribute(
    'href',
    'https://e2e.stackexchange.com/users/7',
  );

  // A vote here adds to what she brought; taking it back recounts to it again.
  const qid = new URL(page.url()).pathname.split('/').pop()!;
  const vote = () => page.request.post('/question/upvoteQuestion', json({ qid, username: me }));
  expect((await vote()).status()).toBe(200);
  await page.goto('/user/Ada_Lovelace');
  await expect(page.locator('#reputation')).toHaveText('7487');
  expect((await vote()).status()).toBe(200);
  await page.goto('/user/Ada_Lovelace');
  await expect(page.locator('#reputation')).toHaveText('7477');
});
