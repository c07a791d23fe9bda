import { restoreEnvironment } from './environment';

// Before each test file (vitest.config.ts `setupFiles`): the environment as the worker started.
await restoreEnvironment();
