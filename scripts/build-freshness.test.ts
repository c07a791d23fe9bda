import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildState } from './build-freshness.mjs';

let root: string;
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function project(): string {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'freshness-'));
  fs.mkdirSync(path.join(root, 'src', 'pages'), { recursive: true });
  fs.writeFileSync(path.join(root, 'src', 'pages', 'index.astro'), '---\n---');
  fs.writeFileSync(path.join(root, 'package.json'), '{}');
  return root;
}

const at = (file: string, seconds: number) => fs.utimesSync(file, seconds, seconds);

describe('buildState (npm start builds only when it must)', () => {
  it('is missing without a build, fresh after one, stale once a source changes', () => {
    project();
    expect(buildState(root)).toBe('missing');
    fs.mkdirSync(path.join(root, 'dist'));
    const built = path.join(root, 'dist', 'main.mjs');
    fs.writeFileSync(built, '');
    for (const entry of ['src/pages/index.astro', 'src/pages', 'src', 'package.json'])
      at(path.join(root, entry), 1000);
    at(built, 2000);
    expect(buildState(root)).toBe('fresh');
    at(path.join(root, 'src', 'pages', 'index.astro'), 3000);
    expect(buildState(root)).toBe('stale');
  });

  it('counts a new file in a source folder, and a changed lock file', () => {
    project();
    fs.mkdirSync(path.join(root, 'dist'));
    const built = path.join(root, 'dist', 'main.mjs');
    fs.writeFileSync(built, '');
    fs.writeFileSync(path.join(root, 'package-lock.json'), '{}');
    for (const entry of ['src/pages/index.astro', 'src/pages', 'src', 'package.json', 'package-lock.json'])
      at(path.join(root, entry), 1000);
    at(built, 2000);
    expect(buildState(root)).toBe('fresh');
    fs.writeFileSync(path.join(root, 'src', 'pages', 'new.astro'), '');
    expect(buildState(root)).toBe('stale');
    fs.rmSync(path.join(root, 'src', 'pages', 'new.astro'));
    at(path.join(root, 'src', 'pages'), 1000);
    at(path.join(root, 'package-lock.json'), 2500);
    expect(buildState(root)).toBe('stale');
  });

  it('leaves the build fresh when only a test beside the sources changes', () => {
    project();
    const test = path.join(root, 'src', 'pages', 'index.test.ts');
    fs.writeFileSync(test, '');
    fs.mkdirSync(path.join(root, 'dist'));
    const built = path.join(root, 'dist', 'main.mjs');
    fs.writeFileSync(built, '');
    for (const entry of [
      'src/pages/index.astro',
      'src/pages',
      'src',
      'package.json',
      'src/pages/index.test.ts',
    ])
      at(path.join(root, entry), 1000);
    at(built, 2000);
    at(test, 3000);
    expect(buildState(root)).toBe('fresh');
    at(path.join(root, 'src', 'pages', 'index.astro'), 3000);
    expect(buildState(root)).toBe('stale');
  });
});
