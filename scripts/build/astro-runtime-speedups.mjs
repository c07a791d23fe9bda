// Costs of Astro's server runtime that every signed-in page paid on each request (issue #14:
// found by CPU profiles of `npm run bench:ssr`), removed at build time by a Vite transform. Each
// edit names the exact text it replaces and fails the build if an Astro upgrade changed it, so a
// fix upstream (or a changed runtime) is noticed rather than silently skipped.

/** @type {{ file: RegExp, why: string, from: string, to: string }[]} */
const EDITS = [
  {
    // addAttribute asks `new URL(value)` about every attribute value containing "&": each island's
    // escaped `props` does, and the parse fails by throwing after reading the whole JSON. A URL
    // without a base starts (after leading C0 controls or spaces, which the parser strips) with a
    // letter, so anything else cannot be an http(s) URL: the same answer without the throw.
    file: /\/astro\/dist\/runtime\/server\/render\/util\.js$/,
    why: 'cheap pre-check before isHttpUrl',
    from: 'value.includes("&") && isHttpUrl(value)',
    to: 'value.includes("&") && /^[\\x00-\\x20]*[a-z]/i.test(value) && isHttpUrl(value)',
  },
  {
    // The CSP header's hashes of Astro's own inline scripts and styles are computed anew for every
    // page with an asynchronous WebCrypto digest. The inputs are the build's fixed snippets, so a
    // digest is kept per (algorithm, text); the set is bounded by the build.
    file: /\/astro\/dist\/core\/encryption\.js$/,
    why: 'memoized CSP digests',
    from: 'async function generateCspDigest(data, algorithm) {',
    to: `const cspDigests = new Map();
function generateCspDigest(data, algorithm) {
  const key = algorithm + "\\0" + data;
  let digest = cspDigests.get(key);
  if (!digest) {
    digest = computeCspDigest(data, algorithm);
    digest.catch(() => cspDigests.delete(key));
    cspDigests.set(key, digest);
  }
  return digest;
}
async function computeCspDigest(data, algorithm) {`,
  },
  {
    // Each island's props are serialized twice per render, once for its `uid` and once for its
    // `props` attribute: the same props object both times, so the second is the first's string.
    file: /\/astro\/dist\/runtime\/server\/serialize\.js$/,
    why: 'one serialization per island',
    from: `function serializeProps(props, metadata) {
  const serialized = JSON.stringify(serializeObject(props, metadata));
  return serialized;
}`,
    to: `const serializedProps = new WeakMap();
function serializeProps(props, metadata) {
  let serialized = serializedProps.get(props);
  if (serialized === undefined) {
    serialized = JSON.stringify(serializeObject(props, metadata));
    serializedProps.set(props, serialized);
  }
  return serialized;
}`,
  },
  {
    // The island's \`uid\` attribute is a hash, computed character by character in JavaScript, of
    // its component, props and whole server HTML. Only Astro's development HMR reads it (the
    // client runtime and view transitions never do), so in the build it hashes the component and
    // props alone; HTML-heavy islands (a table of rows) no longer pay for a second pass over it.
    file: /\/astro\/dist\/runtime\/server\/render\/component\.js$/,
    why: 'island uid without a pass over its HTML',
    from: '`<!--${metadata.componentExport.value}:${metadata.componentUrl}-->\n${html}\n${serializeProps(',
    to: '`<!--${metadata.componentExport.value}:${metadata.componentUrl}-->\n${serializeProps(',
  },
];

/** @returns {import('vite').Plugin} */
export function astroRuntimeSpeedups() {
  return {
    name: 'astro-runtime-speedups',
    // The development server keeps Astro's runtime as it is (its HMR reads the island uid).
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0].replaceAll('\\', '/');
      const edit = EDITS.find(({ file }) => file.test(path));
      if (!edit) return null;
      if (!code.includes(edit.from)) {
        throw new Error(`astro-runtime-speedups (${edit.why}): "${edit.from}" is no longer in ${path}`);
      }
      return { code: code.replace(edit.from, edit.to), map: null };
    },
  };
}
