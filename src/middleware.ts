import { sequence } from 'astro:middleware';
import { withBodyLimit } from './server/middleware/body-limit';
import { guard } from './server/middleware/guard';
import { withPreferences } from './server/middleware/preferences';
import { withSecurityHeaders } from './server/middleware/security-headers';
import { withSession } from './server/middleware/session';

/**
 * Every request, in order: the security headers (first, so they also reach the answers the guard
 * gives without going further, and failures), the route's body limit, language and look, the
 * session, then the guard.
 * Each step is a module of its own under src/server/middleware/, with its test beside it.
 */
export const onRequest = sequence(withSecurityHeaders, withBodyLimit, withPreferences, withSession, guard);
