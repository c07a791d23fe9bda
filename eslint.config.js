// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Client-safe folders must never reach the database or server-only code (CONVENTIONS.md habit 3). */
const clientSafe = ['src/features/**', 'src/components/**', 'src/stores/**', 'src/lib/**'];

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
