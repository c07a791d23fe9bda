// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Client-safe folders must never reach the database or server-only code (CONVENTIONS.md habit 3). */
const clientSafe = ['src/features/**', 'src/components/**', 'src/stores/**', 'src/lib/**'];

/**
 * Schemas are shared with the islands, so they are written with Zod Mini: classic `zod` cannot be
 * tree-shaken and would put 26 kB gzip on every screen with a form (README, "Dependencies").
 */
const zodMini = {
  name: 'zod',
  message: "Import from 'zod/mini' (classic zod is too heavy for the islands).",
};

export default defineConfig(
  { ignores: ['dist/', 'data/', '.astro/', 'node_modules/', 'drizzle/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
      'no-restricted-imports': ['error', { paths: [zodMini] }],
    },
  },
  {
    files: clientSafe,
    // Astro components render on the server only (a screen's section loads its first rows there,
    // as pages do); what they pass to islands is plain props.
    ignores: ['**/*.astro'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [zodMini],
          patterns: [
            {
              regex: '^(\\.{1,2}/)+(.*/)?server(/|$)',
              message: 'Client-safe code must not import server code.',
            },
            {
              group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
              message: 'No database access here.',
            },
          ],
        },
      ],
    },
  },
);
