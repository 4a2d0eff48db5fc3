/**
 * Games end to end: two users in two browsers create, join and play — live over the socket
 * with JavaScript, and through plain forms and page loads without it.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUp, uniqueName } from './fixtures.ts';

async function twoPlayers(page: Page, browser: Browser, javaScriptEnabled: boolean) {
  const ann = uniqueName('host');
  await signUp(page, ann);
  const context = await browser.newContext({ javaScriptEnabled });
  const bobPage = await context.newPage();
  const bob = uniqueName('guest');
  await signUp(bobPage, bob);
  return { ann, bob, bobPage, close: () => context.close() };
}

/** Ann creates a game of `type` from /games; Bob joins it from the list. Returns its path. */
async function createAndJoin(annPage: Page, bobPage: Page, type: 'Nim' | 'Battleship', ann: string) {
  await annPage.goto('/games');
  await annPage.getByLabel('Game type').selectOption(type);
  await annPage.getByRole('button', { name: 'Create Game' }).click();
  await expect(annPage).toHaveURL(/\/games\/\d+$/);
  const path = new URL(annPage.url()).pathname;
  await expect(annPage.getByTestId('game-status')).toHaveText('Waiting for a player');
  // Issue 42: one name per seat, no "(you) (player 1)"; no winner line while the game is on.
  await expect(annPage.getByTestId('player-1')).toHaveText(`${ann} (you)`);
  await expect(annPage.getByTestId('player-2')).toHaveText('Waiting for a player');
  await expect(annPage.getByTestId('winners')).toHaveCount(0);
  await expect(annPage.getByText('No winner')).toHaveCount(0);

  await bobPage.goto('/games');
  const row = bobPage.locator(`tr[data-game-id="${path.split('/').pop()}"]`);
  await expect(row).toContainText(type);
  await expect(row).toContainText('Waiting for a player');
  await expect(row).toContainText(ann);
  await row.getByRole('button', { name: 'Join Game' }).click();
  await expect(bobPage).toHaveURL(new RegExp(`${path}$`));
  await expect(bobPage.getByTestId('game-status')).toHaveText('In progress');
  return path;
}

const takes = [3, 3, 3, 3, 3, 3, 2, 1];

test.describe('with JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'live play needs JavaScript');

  test('two players play Nim to the end, each move appearing live for the other', async ({ page, browser }) => {
    const { ann, bobPage, close } = await twoPlayers(page, browser, true);
    const path = await createAndJoin(page, bobPage, 'Nim', ann);
    await expect(page.getByTestId('game-status')).toHaveText('In progress');
    await expect(page.getByTestId('current-mover')).toHaveText(`${ann} (you)`);
    await expect(bobPage.getByTestId('current-mover')).toHaveText(ann);
    await expect(bobPage.getByRole('button', { name: 'Submit Move' })).toBeDisabled();

    const input = page.getByLabel('Objects to remove');
    await input.pressSequentially('2');
    await expect(input).toHaveValue('2');
    await input.fill('');
    await expect(input).toHaveValue('1');
    await input.fill('7');
    await page.getByRole('button', { name: 'Submit Move' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid move: must remove between 1 and 3 objects');
    await expect(bobPage.getByRole('alert')).toHaveCount(0);

    let remaining = 21;
    for (const [i, n] of takes.entries()) {
      const [mover, other] = i % 2 === 0 ? [page, bobPage] : [bobPage, page];
      await expect(mover.getByRole('button', { name: 'Submit Move' })).toBeEnabled();
      await mover.getByLabel('Objects to remove').fill(String(n));
      await mover.getByRole('button', { name: 'Submit Move' }).click();
      remaining -= n;
      await expect(other.getByTestId('remaining-objects')).toHaveText(`Remaining objects: ${remaining}`);
    }
    for (const p of [page, bobPage]) {
      await expect(p.getByTestId('game-status')).toHaveText('Game over');
      await expect(p.getByTestId('winners')).toHaveText(`Winner: ${ann}`);
      await expect(p.getByRole('button', { name: 'Submit Move' })).toHaveCount(0);
      await expect(p.getByLabel('Objects to remove')).toHaveCount(0);
      await expect(p.getByTestId('move-history').getByRole('listitem')).toHaveCount(takes.length);
    }
    await expect(page.getByTestId('game-outcome')).toHaveText('You won');
    await expect(bobPage.getByTestId('game-outcome')).toHaveText('You lost');
    await expect(page.getByRole('img', { name: '0 of 21 objects left' })).toBeVisible();
    await expect(page.getByTestId('move-history').getByRole('listitem').first()).toHaveText('You took 3');
    await expect(page.getByRole('alert')).toHaveCount(0);
    // The list says who won (issue 42).
    await page.goto('/games');
    await expect(page.locator(`tr[data-game-id="${path.split('/').pop()}"]`)).toContainText(`Game overWinner: ${ann}`);
    await close();
  });

  test('Battleship shows each player only their own fleet, and a shot appears live on the other side', async ({
    page,
    browser,
  }) => {
    const { ann, bobPage, close } = await twoPlayers(page, browser, true);
    await createAndJoin(page, bobPage, 'Battleship', ann);
    for (const p of [page, bobPage]) {
      await expect(p.getByRole('table', { name: 'Your board' }).locator('td.ship')).toHaveCount(17);
      await expect(p.getByRole('table', { name: "Opponent's board" }).locator('td.ship')).toHaveCount(0);
    }
    const target = page.getByRole('radio', { name: 'C4' });
    await target.check();
    await page.getByRole('button', { name: 'Submit Move' }).click();
    const shot = bobPage.getByRole('table', { name: 'Your board' }).locator('td[title^="C4: "]');
    await expect(shot).toHaveAttribute('title', /C4: (hit|miss)/);
    await expect(page.getByRole('radio', { name: 'C4' })).toHaveCount(0);
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
    await expect(bobPage.getByTestId('current-mover')).toHaveText(/\(you\)$/);
    await expect(page.getByRole('button', { name: 'Submit Move' })).toBeDisabled();
    await close();
  });

  test('two players play Battleship to a winner while a third user watches both boards, hits only', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const { ann, bob, bobPage, close } = await twoPlayers(page, browser, true);
    const path = await createAndJoin(page, bobPage, 'Battleship', ann);
    const watcherContext = await browser.newContext();
    const watcher = await watcherContext.newPage();
    await signUp(watcher, uniqueName('watch'));
    await watcher.goto(path);
    const watched = (name: string) => watcher.getByRole('table', { name: `${name}'s board` });
    await expect(watched(ann).locator('td.ship')).toHaveCount(0);
    await expect(watched(bob).locator('td.ship')).toHaveCount(0);
    // A watcher gets no move controls and no Leave Game, only a way back.
    await expect(watcher.getByTestId('game-status')).toHaveText('In progress');
    await expect(watcher.getByRole('button', { name: 'Submit Move' })).toHaveCount(0);
    await expect(watcher.getByRole('radio')).toHaveCount(0);
    await expect(watcher.getByRole('button', { name: 'Leave Game' })).toHaveCount(0);
    await expect(watcher.getByRole('link', { name: 'Back to Games' })).toBeVisible();

    // The test reads Bob's fleet off Bob's own screen so that Ann can aim at it; Bob fires along
    // the first rows and, with one shot fewer, cannot sink Ann's 17 cells first.
    const bobFleet = await bobPage
      .getByRole('table', { name: 'Your board' })
      .locator('td.ship')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('title')!.split(':')[0]!));
    expect(bobFleet).toHaveLength(17);
    const bobShots = Array.from(
      { length: 16 },
      (_, i) => `${String.fromCharCode(65 + (i % 10))}${Math.floor(i / 10) + 1}`,
    );
    const shoot = async (p: Page, cell: string) => {
      await expect(p.getByRole('button', { name: 'Submit Move' })).toBeEnabled();
      await p.getByRole('radio', { name: cell, exact: true }).check();
      await p.getByRole('button', { name: 'Submit Move' }).click();
      await expect(p.getByRole('radio', { name: cell, exact: true })).toHaveCount(0);
    };
    for (const [i, cell] of bobFleet.entries()) {
      await shoot(page, cell);
      if (i < bobShots.length) await shoot(bobPage, bobShots[i]!);
    }

    for (const p of [page, bobPage, watcher]) {
      await expect(p.getByTestId('game-status')).toHaveText('Game over');
      await expect(p.getByTestId('winners')).toHaveText(`Winner: ${ann}`);
      await expect(p.getByRole('button', { name: 'Submit Move' })).toHaveCount(0);
      await expect(p.getByRole('radio')).toHaveCount(0);
    }
    await expect(page.getByTestId('game-outcome')).toHaveText('You won');
    await expect(bobPage.getByTestId('game-outcome')).toHaveText('You lost');
    await expect(watcher.getByTestId('game-outcome')).toHaveCount(0);
    await expect(watcher.getByTestId('move-history').getByRole('listitem')).toHaveCount(
      bobFleet.length + bobShots.length,
    );
    await expect(watcher.getByTestId('move-history').getByRole('listitem').first()).toHaveText(
      `${ann} fired at ${bobFleet[0]}: hit`,
    );
    await expect(page.getByRole('table', { name: "Opponent's board" }).locator('td.hit')).toHaveCount(17);
    await expect(watched(bob).locator('td.hit')).toHaveCount(17);
    // Over, the fleets are shown (issue 42): Ann's cells still afloat too; each of Bob's 5 ships sank.
    await expect(watched(ann).locator('td.ship, td.hit')).toHaveCount(17);
    // Bob's shots along the first rows may sink one of Ann's ships too: count only Ann's sinks.
    const annSank = new RegExp(`^${ann.replace(/\W/g, '\\$&')} fired at \\w+: hit and sunk a ship of \\d$`);
    await expect(watcher.getByTestId('move-history').getByText(annSank)).toHaveCount(5);
    await expect(page.getByRole('table', { name: "Opponent's board" }).locator('td.ship')).toHaveCount(0);
    await watcherContext.close();
    await close();
  });
});

test.describe('without JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, 'the form path is tested without JavaScript');

  test('two players play Nim through forms, refreshing to see the other move', async ({ page, browser }) => {
    test.slow(); // two browsers, a page load per move
    const { ann, bobPage, close } = await twoPlayers(page, browser, false);
    const path = await createAndJoin(page, bobPage, 'Nim', ann);
    await page.reload();
    await expect(page.getByTestId('current-mover')).toHaveText(`${ann} (you)`);

    await page.getByLabel('Objects to remove').fill('5');
    await page.getByRole('button', { name: 'Submit Move' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid move: must remove between 1 and 3 objects');

    let remaining = 21;
    for (const [i, n] of takes.entries()) {
      const [mover, other] = i % 2 === 0 ? [page, bobPage] : [bobPage, page];
      await mover.goto(path);
      await mover.getByLabel('Objects to remove').fill(String(n));
      await mover.getByRole('button', { name: 'Submit Move' }).click();
      remaining -= n;
      await expect(mover.getByTestId('remaining-objects')).toHaveText(`Remaining objects: ${remaining}`);
      await other.reload();
      await expect(other.getByTestId('remaining-objects')).toHaveText(`Remaining objects: ${remaining}`);
    }
    for (const p of [page, bobPage]) await expect(p.getByTestId('winners')).toHaveText(`Winner: ${ann}`);
    await expect(page.getByTestId('game-outcome')).toHaveText('You won');
    await expect(bobPage.getByTestId('game-outcome')).toHaveText('You lost');
    await expect(page.getByLabel('Objects to remove')).toHaveCount(0);
    await close();
  });
});

test.describe('leaving, and the games list (issue 42)', () => {
  test('leaving a game in progress asks first, hands the win to the opponent and tells them why', async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const { ann, bob, bobPage, close } = await twoPlayers(page, browser, javaScriptEnabled);
    const path = await createAndJoin(page, bobPage, 'Battleship', ann);
    await bobPage.getByRole('link', { name: 'Leave Game' }).click();
    const dialog = bobPage.getByRole('dialog', { name: 'Leave this game?' });
    await expect(dialog).toContainText(`you lose and ${ann} wins`);
    // Focus starts on the safe choice: Enter stays (issue 42).
    await expect(dialog.getByRole('link', { name: 'Stay' })).toBeFocused();
    await bobPage.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(bobPage.getByTestId('game-status')).toHaveText('In progress');
    await bobPage.getByRole('link', { name: 'Leave Game' }).click();
    await bobPage.getByRole('dialog').getByRole('button', { name: 'Leave and lose' }).click();
    await expect(bobPage).toHaveURL(/\/games$/);
    await expect(bobPage.locator(`tr[data-game-id="${path.split('/').pop()}"]`)).toContainText(
      `Winner: ${ann} (${bob} left)`,
    );
    // Without JavaScript Ann's waiting page may be reloading itself (its refresh) just then.
    await expect(async () => void (await page.goto(path))).toPass();
    await expect(page.getByTestId('game-status')).toHaveText('Game over');
    await expect(page.getByTestId('winners')).toHaveText(`Winner: ${ann} (${bob} left the game)`);
    await expect(page.getByTestId('game-outcome')).toHaveText(`${bob} left the game. You won`);
    // Over, both fleets are shown, to players and watchers alike.
    for (const board of ['Your board', "Opponent's board"])
      await expect(page.getByRole('table', { name: board }).locator('td.ship')).toHaveCount(17);
    await close();
  });

  test('a game nobody joined is removed when its creator leaves, and leaves no row', async ({ page }) => {
    await signUp(page, uniqueName('solo'));
    await page.goto('/games');
    await page.getByRole('button', { name: 'Create Game' }).click();
    await expect(page).toHaveURL(/\/games\/\d+$/);
    const id = page.url().split('/').pop()!;
    await page.getByRole('button', { name: 'Leave Game' }).click();
    await expect(page).toHaveURL(/\/games$/);
    await expect(page.locator(`tr[data-game-id="${id}"]`)).toHaveCount(0);
    expect((await page.request.get(`/games/${id}`)).status()).toBe(404);
  });

  test('the games list follows new games, joins, results and cancellations live', async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, 'live updates need JavaScript');
    const { ann, bob, bobPage, close } = await twoPlayers(page, browser, true);
    await bobPage.goto('/games');
    await expect(bobPage.getByText(/Connecting to live updates/)).toBeHidden();
    await page.goto('/games');
    await page.getByRole('button', { name: 'Create Game' }).click();
    await expect(page).toHaveURL(/\/games\/\d+$/);
    const row = bobPage.locator(`tr[data-game-id="${page.url().split('/').pop()}"]`);
    await expect(row).toContainText('Waiting for a player');
    await expect(row).toContainText(ann);
    await page.getByRole('button', { name: 'Leave Game' }).click();
    await expect(row).toHaveCount(0);

    await page.getByRole('button', { name: 'Create Game' }).click();
    await expect(page).toHaveURL(/\/games\/\d+$/);
    const id = page.url().split('/').pop()!;
    await page.goto('/games');
    await expect(page.getByText(/Connecting to live updates/)).toBeHidden();
    const annRow = page.locator(`tr[data-game-id="${id}"]`);
    await bobPage.locator(`tr[data-game-id="${id}"]`).getByRole('button', { name: 'Join Game' }).click();
    await expect(annRow).toContainText('In progress');
    await expect(annRow).toContainText(`${ann}, ${bob}`);
    await bobPage.getByRole('link', { name: 'Leave Game' }).click();
    await bobPage.getByRole('dialog').getByRole('button', { name: 'Leave and lose' }).click();
    await expect(annRow).toContainText(`Winner: ${ann} (${bob} left)`);
    await close();
  });
});

test.describe('REST', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'HTTP-only checks run once');

  const json = (data: unknown) => ({ data: JSON.stringify(data), headers: { 'Content-Type': 'application/json' } });

  test('the game paths answer JSON, 401 without a session, 403 for someone else, 409 when full', async ({
    playwright,
    baseURL,
  }) => {
    const anon = await playwright.request.newContext({ baseURL });
    expect((await anon.get('/games/games')).status()).toBe(401);
    expect((await anon.post('/games/create', json({ gameType: 'Nim' }))).status()).toBe(401);
    const signedIn = async (prefix: string) => {
      const client = await playwright.request.newContext({ baseURL });
      const name = uniqueName(prefix);
      expect((await client.post('/user/signup', json({ username: name, password: 'pw-123456' }))).status()).toBe(200);
      return { client, name };
    };
    const [a, b, c] = [await signedIn('gpa'), await signedIn('gpb'), await signedIn('gpc')];
    const bad = await a.client.post('/games/create', json({ gameType: 'Chess' }));
    expect([bad.status(), await bad.text()]).toEqual([400, 'Game type must be Nim or Battleship.']);
    const created = await a.client.post('/games/create', json({ gameType: 'Battleship' }));
    expect(created.status()).toBe(200);
    const { gameID } = (await created.json()) as { gameID: string };
    expect((await b.client.post('/games/join', json({ gameID, playerID: a.name }))).status()).toBe(403);
    expect((await b.client.post('/games/join', json({ gameID, playerID: b.name }))).status()).toBe(200);
    expect((await c.client.post('/games/join', json({ gameID, playerID: c.name }))).status()).toBe(409);
    expect((await c.client.post('/games/join', json({ gameID: '99999999', playerID: c.name }))).status()).toBe(404);
    const list = await c.client.get('/games/games?gameType=Battleship&status=');
    expect(list.status()).toBe(200);
    expect(Number(list.headers()['x-total-count'])).toBeGreaterThanOrEqual(1);
    const games = (await list.json()) as { gameID: string }[];
    expect(JSON.stringify(games.find((g) => g.gameID === gameID))).not.toContain('"SHIP"');
    for (const client of [anon, a.client, b.client, c.client]) await client.dispose();
  });
});
