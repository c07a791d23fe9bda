/**
 * One value per process, shared by the two bundles that run in it: our Node entry (dist/main.mjs)
 * and Astro's server bundle each carry their own copy of every server module, so module-level
 * state would exist twice. Values live on globalThis under a registered symbol instead.
 */
export function processGlobal<T>(name: string, create: () => T): T {
  const holder = globalThis as Record<symbol, unknown>;
  const key = Symbol.for(`puzzle-admin.${name}`);
  if (!(key in holder)) holder[key] = create();
  return holder[key] as T;
}

export function forgetProcessGlobal(name: string): void {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for(`puzzle-admin.${name}`)];
}

export function peekProcessGlobal<T>(name: string): T | undefined {
  return (globalThis as Record<symbol, unknown>)[Symbol.for(`puzzle-admin.${name}`)] as T | undefined;
}
