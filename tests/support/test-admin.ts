/** The admin every test server starts with (via ADMIN_EMAIL), so tests skip the demo data. */
export const TEST_ADMIN = { email: 'owner@example.test', password: 'correct horse battery staple' };

/**
 * log2 of scrypt's N for the passwords test servers hash (PASSWORD_HASH_COST): a few milliseconds
 * instead of a second on a busy machine. The real cost is checked where it matters
 * (src/server/auth/passwords.test.ts, tests/api/password-hashing.test.ts, spawned servers).
 */
export const TEST_HASH_COST = 10;
