import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../support/api';
import { adminWithRole } from '../support/admins';
import { hydrated, launchChromium, signedInContext, watchConsole } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

/**
 * Issue #38 on the Roles tab: the role form says why a name is refused, under the name; and an
 * admin sees Edit and Delete only for the roles they may change (the server refuses the others).
 */
let server: TestServer;
let browser: Browser;
let ownerToken: string;
let owner: BrowserContext;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  ownerToken = await createTestSession();
  owner = await signedInContext(browser, server.url, ownerToken);
});
afterAll(async () => {
  await owner?.close();
  await browser?.close();
  await server?.stop();
});

async function customRole(name: string, permissions: string[]): Promise<string> {
  const answer = await post<{ key: string }>(
    server.url,
    '/api/admin/saverole',
    { name, permissions },
    { authorization: `Bearer ${ownerToken}` },
  );
  expect(answer.status).toBe(200);
  return answer.body.ResponseBody!.key;
}

describe('the role form', () => {
  it('refuses a built-in role’s name and a name on two lines, under the name', async () => {
    const page = await owner.newPage();
    const problems = watchConsole(page);
    await page.goto('/account-setting?tab=roles');
    await hydrated(page);
    await page.getByRole('button', { name: 'New role' }).click();
    const form = page.getByRole('dialog', { name: 'New role' });
    const name = form.getByLabel('Name');
    await form.getByLabel('See puzzles').check();

    // Checked in the browser with the endpoint's schema.
    await name.fill('Ops\u2028Team');
    await form.getByRole('button', { name: 'Save role' }).click();
    await form
      .getByText('Keep this on one line: no line breaks, tabs, separators or other control characters.')
      .waitFor();

    // Only the server knows the names: its 409 lands under the field too.
    await name.fill('Propriétaire');
    await form.getByRole('button', { name: 'Save role' }).click();
    await form
      .getByText('A built-in role has this name (in one of the app’s languages): choose another.')
      .waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(problems.filter((problem) => !/status of 409/.test(problem))).toEqual([]);
    await page.close();
  });

  it('offers a lead Edit and Delete only for the roles within their own permissions', async () => {
    await customRole('Viewers', ['admins.view']);
    await customRole('Exporters', ['users.export']);
    const leadRole = await customRole('Team lead', ['roles.manage', 'admins.manage']);
    const lead = await signedInContext(browser, server.url, (await adminWithRole(leadRole, 'Lead')).token);
    const page = await lead.newPage();
    await page.goto('/account-setting?tab=roles');
    await hydrated(page);
    await page.getByRole('button', { name: 'Edit Viewers' }).waitFor();
    await page.getByRole('button', { name: 'Delete Viewers' }).waitFor();
    await page.getByRole('button', { name: 'Edit Team lead' }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit Exporters' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete Exporters' }).count()).toBe(0);
    await lead.close();
  });
});
