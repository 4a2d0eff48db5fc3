/**
 * Issue 16, without JavaScript: no "Connecting to live updates…" banner (nothing would ever
 * connect), and a game page offers a Refresh link and reloads itself while the player waits.
 */
import { expect, test } from '@playwright/test';
import { signUp, uniqueName } from './fixtures.ts';

test.skip(({ javaScriptEnabled }) => javaScriptEnabled, 'what a page does without JavaScript');

const json = (data: unknown) => ({ data: JSON.stringify(data), headers: { 'Content-Type': 'application/json' } });

test('no live-updates banner, and a waiting game page refreshes itself', async ({ page }) => {
  await signUp(page, uniqueName('nojs'));
  await expect(page.getByRole('heading', { name: 'All Questions' })).toBeVisible();
  await expect(page.getByText(/live updates/)).toHaveCount(0);
  const created = await page.request.post('/games/create', json({ gameType: 'Nim' }));
  expect(created.status()).toBe(200);
  const { gameID } = (await created.json()) as { gameID: string };
  await page.goto(`/games/${gameID}`);
  await expect(page.getByRole('link', { name: 'Refresh' })).toHaveAttribute('href', `/games/${gameID}`);
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute('content', '5');
});
