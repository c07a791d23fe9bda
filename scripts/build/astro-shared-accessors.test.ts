import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { astroModuleCopies } from './astro-module-copies';

/**
 * The build's edits of Astro's render-context.js (astro-runtime-speedups.mjs, "shared accessors")
 * must keep what pages, endpoints and middleware see, while the objects they make per request
 * are plain fast objects sharing one hidden class: with Astro's per-request getters they are
 * dictionaries holding closures over the request, which survived every young collection.
 * V8 answers such questions only to a process started with --allow-natives-syntax, so the checks
 * run in a child process and report back as JSON.
 */
interface Report {
  context: { sameMap: boolean; astrosOwnSameMap: boolean; keys: string[]; astrosKeys: string[] };
  contextValues: Record<string, unknown>;
  localsAssignment: string;
  astro: {
    sameMap: boolean;
    sharedPrototype: boolean;
    ownKeys: string[];
    fields: Record<string, boolean>;
    slots: boolean;
    redirect: number;
    callAction: string;
  };
  response: { sameMap: boolean; keys: string[]; headers: boolean; assignment: string };
}

let report: Report;

beforeAll(() => {
  const { dir } = astroModuleCopies('core/render-context.js');
  const child = path.join(dir, 'shared-accessors-check.mjs');
  fs.writeFileSync(child, CHILD);
  report = JSON.parse(
    execFileSync(process.execPath, ['--allow-natives-syntax', child], { encoding: 'utf8' }),
  ) as Report;
});

/** Two requests through two RenderContexts; everything compared is printed as one JSON line. */
const CHILD = `
import { RenderContext } from './render-context-edited.mjs';
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b) && %HasFastProperties(a)');
const pipeline = {
  manifest: { base: '/', key: Promise.resolve(), trailingSlash: 'ignore' },
  site: new URL('https://example.test'),
  logger: { warn() {}, debug() {}, error() {} },
  runtimeMode: 'production',
  clientDirectives: new Map(),
  inlinedScripts: new Map(),
  compressHTML: true,
  renderers: [],
  resolve: async (s) => s,
  headElements: async () => ({ links: new Set(), scripts: new Set(), styles: new Set() }),
  componentMetadata: async () => undefined,
};
const routeData = { route: '/page', prerender: false, type: 'page', component: 'src/pages/page.astro' };
function requestContext(n) {
  const request = new Request('https://example.test/page?n=' + n);
  return new RenderContext(pipeline, { n }, undefined, undefined, '/page', request, routeData, 200, '127.0.0.1', undefined, {});
}
const [a, b] = [requestContext(1), requestContext(2)];
const [ca, cb] = [a.createActionAPIContext(), b.createActionAPIContext()];
const [oa, ob] = [a.createActionAPIContextWithOwnGetters(), b.createActionAPIContextWithOwnGetters()];
const plain = (value) => (typeof value === 'function' ? 'function' : value instanceof Object ? value.constructor.name : value);
const contextValues = {};
for (const key of Object.keys(oa)) {
  if (key === 'csp') contextValues.csp = JSON.stringify([Object.keys(ca.csp), Object.keys(oa.csp)]);
  else if (key === 'session') contextValues.session = [ca.session, oa.session];
  else contextValues[key] = typeof oa[key] === 'function' ? typeof ca[key] === 'function' : ca[key] === oa[key] || plain(ca[key]) + ' vs ' + plain(oa[key]);
}
let localsAssignment = 'allowed';
try { ca.locals = {}; } catch (error) { localsAssignment = error.name; }
const [ra, rb] = [await a.createResult({}, ca), await b.createResult({}, cb)];
let responseAssignment = 'allowed';
try { ra.response.headers = new Headers(); } catch (error) { responseAssignment = error.name; }
const astro = (context, result, api) => context.createAstro(result, { generator: 'Astro', glob: () => [] }, { p: 1 }, { default: () => '' }, api);
const [xa, xb] = [astro(a, ra, ca), astro(b, rb, cb)];
const fields = {};
for (const key of ['request', 'locals', 'cookies', 'url', 'params', 'site', 'response', 'routePattern', 'isPrerendered', 'generator']) {
  fields[key] = xa[key] === (key === 'response' ? ra.response : key === 'generator' ? 'Astro' : key === 'routePattern' ? '/page' : key === 'isPrerendered' ? false : key === 'site' ? pipeline.site : a[key]);
}
fields.clientAddress = xa.clientAddress === '127.0.0.1';
fields.inOperator = 'request' in xa && 'locals' in xa;
process.stdout.write(JSON.stringify({
  context: { sameMap: sameMap(ca, cb), astrosOwnSameMap: sameMap(oa, ob), keys: Object.keys(ca).sort(), astrosKeys: Object.keys(oa).sort() },
  contextValues,
  localsAssignment,
  astro: {
    sameMap: sameMap(xa, xb),
    sharedPrototype: Object.getPrototypeOf(xa) === Object.getPrototypeOf(xb),
    ownKeys: Object.keys(xa),
    fields,
    slots: xa.slots.has('default') && !xa.slots.has('other') && xa.slots === xa.slots,
    redirect: xa.redirect('/elsewhere').status,
    callAction: typeof xa.callAction,
  },
  response: { sameMap: sameMap(ra.response, rb.response), keys: Object.keys(ra.response), headers: ra.response.headers instanceof Headers, assignment: responseAssignment },
}));
`;

describe("shared accessors in Astro's render context", () => {
  it('give the objects of two requests one fast hidden class, where Astro getters make dictionaries', () => {
    expect(report.context.sameMap).toBe(true);
    // The check can fail: Astro's own version, still in the edited module, fails it.
    expect(report.context.astrosOwnSameMap).toBe(false);
    expect(report.astro.sameMap).toBe(true);
    expect(report.astro.sharedPrototype).toBe(true);
    expect(report.response.sameMap).toBe(true);
  });

  it('keep every property of the middleware and endpoint context', () => {
    expect(report.context.keys).toEqual(report.context.astrosKeys);
    for (const [key, same] of Object.entries(report.contextValues)) {
      if (key === 'csp') {
        const [edited, astros] = JSON.parse(same as string) as [string[], string[]];
        expect(edited).toEqual(astros);
      } else if (key === 'session') {
        // No session driver here: both warn and answer undefined (null once through JSON).
        expect(same).toEqual([null, null]);
      } else {
        expect(same, key).toBe(true);
      }
    }
    expect(report.localsAssignment).toBe('LocalsReassigned');
  });

  it('keep the Astro global: page fields, props, slots, redirect, actions', () => {
    expect(report.astro.ownKeys).toEqual(['props', 'self']);
    for (const [key, same] of Object.entries(report.astro.fields)) expect(same, key).toBe(true);
    expect(report.astro.slots).toBe(true);
    expect(report.astro.redirect).toBe(302);
    expect(report.astro.callAction).toBe('function');
  });

  it('keep Astro.response: status, statusText and headers that cannot be replaced', () => {
    expect(report.response.keys).toEqual(['status', 'statusText', 'headers']);
    expect(report.response.headers).toBe(true);
    expect(report.response.assignment).toBe('AstroResponseHeadersReassigned');
  });
});
