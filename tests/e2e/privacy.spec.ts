import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';
import { deliverDueWebhooks } from '../../src/server/webhooks/worker';
import { AXE_LOOKS, lookName, seriousViolations } from '../support/accessibility';
import { post } from '../support/api';
import { hydrated, launchChromium, signedInContext, watchConsole, withUiSettings } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertUsers } from '../support/users';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

let server: TestServer;
let receiver: WebhookReceiver;
let browser: Browser;
let context: BrowserContext;
let token: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1', WORKER_POLL_MS: '3600000' });
  browser = await launchChromium();
  token = await createTestSession();
  context = await signedInContext(browser, server.url, token);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await hydrated(page);
  return page;
}

const openPlayer = async (id: number) => {
  const page = await open(`/users?open=${id}`);
  await page.getByRole('heading', { name: 'Privacy' }).waitFor();
  return page;
};

describe('a player’s privacy and the webhooks, in Chromium', () => {
  it('exports a player’s data, schedules an erasure and cancels it', async () => {
    const [userId] = await insertUsers([{ firstName: 'Mira', lastName: 'Export' }]);
    const page = await openPlayer(userId!);
    const problems = watchConsole(page);
    const panel = page.locator('.app-user-privacy');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('link', { name: 'Export data (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^player-${userId}-[\\d-]+\\.json$`));
    const document = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
    expect(document.profile).toMatchObject({ id: userId, first_name: 'Mira', last_name: 'Export' });

    await panel.getByRole('button', { name: 'Erase player…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Erase this player?' });
    await confirm.getByText('can be cancelled').waitFor();
    await confirm.getByRole('button', { name: 'Schedule erasure' }).click();
    await panel.getByText(/^Erasure scheduled for /).waitFor();
    const [row] = await rowsOf<{ n: number }>(
      await db(),
      sql`SELECT count(*)::int AS n FROM user_erasures WHERE user_id = ${userId}`,
    );
    expect(row!.n).toBe(1);

    // Opened again, the panel shows the date it reads from the server.
    const again = await openPlayer(userId!);
    const later = again.locator('.app-user-privacy');
    await later.getByText(/^Erasure scheduled for /).waitFor();
    await later.getByRole('button', { name: 'Cancel erasure' }).click();
    await later.getByRole('button', { name: 'Erase player…' }).waitFor();
    const [left] = await rowsOf<{ n: number }>(
      await db(),
      sql`SELECT count(*)::int AS n FROM user_erasures WHERE user_id = ${userId}`,
    );
    expect(left!.n).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
    await again.close();
  });

  it('registers a webhook, shows its secret once, and reads its deliveries', async () => {
    const page = await open('/account-setting?tab=keys');
    const section = page.locator('section[aria-labelledby="webhooks-title"]');
    await section.getByText('No webhooks yet.').waitFor();
    await section.getByRole('button', { name: 'Add webhook' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add webhook' });
    await form.getByLabel('Endpoint URL').fill('http://10.0.0.1/hooks');
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await form.getByText('This address is inside a private network and cannot receive webhooks.').waitFor();
    // Watched from here: the refusal above is logged by the browser as a 400, on purpose.
    const problems = watchConsole(page);
    await form.getByLabel('Endpoint URL').fill(`${receiver.origin}/journey`);
    await form.getByRole('button', { name: 'Add webhook' }).click();

    const shown = page.getByRole('dialog', { name: 'Your webhook’s signing secret' });
    const secret = await shown.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'hidden' });
    await section.getByText(`${receiver.origin}/journey`).waitFor();

    const [userId] = await insertUsers([{}]);
    const asked = await post(
      server.url,
      '/api/admin/eraseuser',
      { id: userId },
      { cookie: `session=${token}` },
    );
    expect(asked.status).toBe(200);
    await deliverDueWebhooks();
    expect(receiver.received.map((request) => request.path)).toEqual(['/journey']);

    await section.getByRole('button', { name: `Deliveries to ${receiver.origin}/journey` }).click();
    const deliveries = page.getByRole('dialog', { name: `Deliveries to ${receiver.origin}/journey` });
    const attempt = deliveries.locator('tbody tr').first();
    await attempt.getByText('A player’s erasure is scheduled').waitFor();
    await attempt.getByText('200', { exact: true }).waitFor();
    expect(await attempt.innerText()).toMatch(/\d+\s?ms/);
    await attempt.getByRole('button', { name: /^Send again/ }).click();
    await page.getByText('The delivery will be sent again.').waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('has no serious accessibility violation in light, dark and right-to-left', async () => {
    const [userId] = await insertUsers([{ firstName: 'Axe', lastName: 'Player' }]);
    const findings: string[] = [];
    for (const look of AXE_LOOKS) {
      await withUiSettings(context, server.url, look);
      const player = await openPlayer(userId!);
      await player.locator('.app-user-privacy').getByRole('button', { name: /…$/ }).waitFor();
      findings.push(
        ...(await seriousViolations(player, { within: '.app-user-privacy' })).map(
          (finding) => `${lookName(look)} privacy ${finding}`,
        ),
      );
      await player.close();
      const keys = await open('/account-setting?tab=keys');
      await keys.locator('section[aria-labelledby="webhooks-title"] tbody tr').first().waitFor();
      findings.push(
        ...(await seriousViolations(keys, { within: 'section[aria-labelledby="webhooks-title"]' })).map(
          (finding) => `${lookName(look)} webhooks ${finding}`,
        ),
      );
      await keys
        .getByRole('button', { name: /^Deliveries to / })
        .first()
        .click();
      await keys.locator('.modal.show tbody tr').first().waitFor();
      findings.push(
        ...(await seriousViolations(keys, { within: '.modal.show' })).map(
          (finding) => `${lookName(look)} deliveries ${finding}`,
        ),
      );
      await keys.close();
    }
    await withUiSettings(context, server.url, {});
    expect(findings).toEqual([]);
  });
});
