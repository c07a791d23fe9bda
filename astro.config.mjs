// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

export default defineConfig({
  output: 'server',
  // Our own Node entry (src/server/main.ts) mounts the handler, so it owns shutdown, limits and timeouts.
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  server: { host: '127.0.0.1', port: 4321 },
  // The middleware checks Origin / Sec-Fetch-Site for every state change, JSON included (DESIGN.md §8).
  security: { checkOrigin: true },
  experimental: {
    // Astro hashes its own inline scripts and styles; the middleware lifts the policy into a header.
    csp: {
      directives: ["default-src 'self'", "img-src 'self' data:", "font-src 'self'", "connect-src 'self'"],
    },
  },
  vite: {
    ssr: { external: ['@electric-sql/pglite'] },
  },
});
