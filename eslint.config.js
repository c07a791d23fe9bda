// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Client-safe folders must never reach the database or server-only code (CONVENTIONS.md habit 3). */
const clientSafe = ['src/features/**', 'src/components/**', 'src/stores/**'];

/** What both sides import (docs/architecture.md, "Layers"): it depends on neither of them. */
const bothSides = ['src/shared/**', 'src/lib/**'];

/** Server code: the services, the endpoints and the middleware (pages render UI and may use both). */
const serverSide = ['src/server/**', 'src/pages/api/**', 'src/pages/**/*.ts', 'src/middleware.ts'];

/**
 * An import of a folder of src by a relative path, from anywhere below src.
 * @param {...string} names
 */
const folder = (...names) => ({ regex: `^(\\.{1,2}/)+(.*/)?(${names.join('|')})(/|$)` });

const serverImport = { ...folder('server'), message: 'Client-safe code must not import server code.' };
const uiImport = {
  ...folder('features', 'components'),
  message: 'UI code stays out of here: move what both sides need to src/shared/<area>.',
};
const databaseImport = {
  group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
  message: 'No database access here.',
};

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
          patterns: [serverImport, databaseImport],
        },
      ],
    },
  },
  {
    files: bothSides,
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [zodMini], patterns: [serverImport, uiImport, databaseImport] },
      ],
    },
  },
  {
    files: serverSide,
    rules: {
      'no-restricted-imports': ['error', { paths: [zodMini], patterns: [uiImport] }],
    },
  },
);
