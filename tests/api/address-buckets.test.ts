import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type Answer } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue #38, item 7: throttles keyed on the exact address gave every IPv6 client a fresh allowance
 * per address of its /64 (12 of 12 registrations, 24 of 24 wrong passwords weighed). Addresses are
 * counted by their /64, and an IPv4-mapped address as the IPv4 address it maps.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ALLOW_REGISTRATION: 'true', TRUSTED_PROXIES: '127.0.0.1' });
});
afterAll(() => server?.stop());

const from = (address: string) => ({ 'x-forwarded-for': address });
const statuses = (answers: Answer[]) => answers.map((answer) => answer.status);

let nextEmail = 0;
const wrongPassword = (address: string) => {
  nextEmail += 1;
  // Unknown addresses, one each: only the per-address count can stop these.
  return post(
    server.url,
    '/api/admin/login',
    { email: `nobody${nextEmail}@example.test`, password: 'not the password' },
    from(address),
  );
};

describe('throttles count an IPv6 client by its /64', () => {
  it('weighs ten wrong passwords from one /64, however many of its addresses they come from', async () => {
    const answers: Answer[] = [];
    for (let n = 1; n <= 14; n++) answers.push(await wrongPassword(`2001:db8:38:7::${n.toString(16)}`));
    expect(statuses(answers)).toEqual([...Array(10).fill(401), ...Array(4).fill(429)]);
    // The same /64 written out in full is the same client; the next /64 is another one.
    expect((await wrongPassword('2001:0db8:0038:0007:ffff:ffff:ffff:ffff')).status).toBe(429);
    expect((await wrongPassword('2001:db8:38:8::1')).status).toBe(401);
  });

  it('takes five registrations an hour from one /64', async () => {
    const answers: Answer[] = [];
    for (let n = 1; n <= 8; n++) {
      answers.push(
        await post(
          server.url,
          '/api/account/register',
          {
            email: `v6newcomer${n}@example.test`,
            password: 'a long unusual passphrase',
            firstName: 'New',
            lastName: 'Comer',
          },
          from(`2001:db8:38:9:${n}::${n}`),
        ),
      );
    }
    expect(statuses(answers)).toEqual([...Array(5).fill(200), ...Array(3).fill(429)]);
  });

  it('counts an IPv4-mapped address, in either spelling, as the IPv4 address it maps', async () => {
    const answers: Answer[] = [];
    for (let n = 0; n < 12; n++) {
      const spelling = ['203.0.113.38', '::ffff:203.0.113.38', '::ffff:cb00:7126'][n % 3]!;
      answers.push(await wrongPassword(spelling));
    }
    expect(statuses(answers)).toEqual([...Array(10).fill(401), ...Array(2).fill(429)]);
  });
});
