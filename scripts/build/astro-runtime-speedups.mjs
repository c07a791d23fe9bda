// Costs of Astro's server runtime that every signed-in page paid on each request (issue #14:
// found by CPU profiles of `npm run bench:ssr`), removed at build time by a Vite transform. Each
// edit names the exact text it replaces and fails the build if an Astro upgrade changed it, so a
// fix upstream (or a changed runtime) is noticed rather than silently skipped.

import { SHARED_ACCESSOR_EDITS } from './astro-shared-accessors.mjs';

/** @type {{ file: RegExp, why: string, from: string, to: string, imports?: string }[]} */
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
    // An island's `props` attribute is its props serialized (Astro's typed JSON) and then
    // HTML-escaped, for every island on every page; for a list screen that is its rows and its
    // labels, about 11 KB, a seventh of the page's time. Escaping works character by character,
    // so the escaped JSON of a whole is the escaped JSON of its parts put together: the part for a
    // deeply frozen value (labels, translated once per language; answers of src/server/db's
    // ReadCache) is kept by identity and reused, since such a value cannot change. Everything else
    // is serialized as before, with the same output. Also memoized per props object: the island's
    // `uid` (below) and its `props` attribute serialize the same props.
    file: /\/astro\/dist\/runtime\/server\/serialize\.js$/,
    why: 'escaped props assembled from reused parts',
    from: `function serializeProps(props, metadata) {
  const serialized = JSON.stringify(serializeObject(props, metadata));
  return serialized;
}
export {
  serializeProps
};`,
    to: `function serializeProps(props, metadata) {
  const serialized = JSON.stringify(serializeObject(props, metadata));
  return serialized;
}
const escapedParts = new WeakMap();
function escapedPart(value, metadata, parents) {
  if (value === null || typeof value !== "object") {
    return [escapeHTML(JSON.stringify(convertToSerializedForm(value, metadata, parents))), true];
  }
  const known = escapedParts.get(value);
  if (known !== void 0) return [known, true];
  const tag = Object.prototype.toString.call(value);
  if (tag !== "[object Array]" && tag !== "[object Object]") {
    // Dates, Maps and the like: frozen or not, they can change, so they are never kept.
    return [escapeHTML(JSON.stringify(convertToSerializedForm(value, metadata, parents))), false];
  }
  if (parents.has(value)) {
    return [escapeHTML(JSON.stringify(convertToSerializedForm(value, metadata, parents))), false];
  }
  parents.add(value);
  let frozen = Object.isFrozen(value);
  const parts = [];
  if (tag === "[object Array]") {
    for (const item of value) {
      const [text, itemFrozen] = escapedPart(item, metadata, parents);
      parts.push(text);
      frozen = frozen && itemFrozen;
    }
  } else {
    for (const [key, item] of Object.entries(value)) {
      const [text, itemFrozen] = escapedPart(item, metadata, parents);
      parts.push(escapeHTML(JSON.stringify(key)) + ":" + text);
      frozen = frozen && itemFrozen;
    }
  }
  parents.delete(value);
  const text = tag === "[object Array]" ? "[1,[" + parts.join(",") + "]]" : "[0,{" + parts.join(",") + "}]";
  if (frozen) escapedParts.set(value, text);
  return [text, frozen];
}
const escapedProps = new WeakMap();
function serializePropsEscaped(props, metadata) {
  let escaped = escapedProps.get(props);
  if (escaped === void 0) {
    const parents = new WeakSet([props]);
    const parts = Object.entries(props).map(
      ([key, item]) => escapeHTML(JSON.stringify(key)) + ":" + escapedPart(item, metadata, parents)[0]
    );
    escaped = "{" + parts.join(",") + "}";
    escapedProps.set(props, escaped);
  }
  return escaped;
}
export {
  serializeProps,
  serializePropsEscaped
};`,
    imports: 'import { escapeHTML } from "./escape.js";\n',
  },
  {
    file: /\/astro\/dist\/runtime\/server\/hydration\.js$/,
    why: 'escaped props assembled from reused parts',
    from: 'island.props["props"] = escapeHTML(serializeProps(props, metadata));',
    to: 'island.props["props"] = serializePropsEscaped(props, metadata);',
    imports: 'import { serializePropsEscaped } from "./serialize.js";\n',
  },
  {
    // The island's \`uid\` attribute is a hash, computed character by character in JavaScript, of
    // its component, props and whole server HTML. Only Astro's development HMR reads it (the
    // client runtime and view transitions never do), so in the build it hashes the component and
    // props alone (the escaped props the \`props\` attribute uses, serialized once); HTML-heavy
    // islands (a table of rows) no longer pay for a second pass over it.
    file: /\/astro\/dist\/runtime\/server\/render\/component\.js$/,
    why: 'island uid without a pass over its HTML',
    from: '`<!--${metadata.componentExport.value}:${metadata.componentUrl}-->\n${html}\n${serializeProps(',
    to: '`<!--${metadata.componentExport.value}:${metadata.componentUrl}-->\n${serializePropsEscaped(',
    imports: 'import { serializePropsEscaped } from "../serialize.js";\n',
  },
  // Per-request getters and prototypes of render-context.js, made shared.
  ...SHARED_ACCESSOR_EDITS,
];

/**
 * `code` of the module at `path` with every edit for that file made (exported for the test).
 * @param {string} path
 * @param {string} code
 */
export function applyEdits(path, code) {
  for (const edit of EDITS.filter(({ file }) => file.test(path))) {
    if (!code.includes(edit.from)) {
      throw new Error(`astro-runtime-speedups (${edit.why}): "${edit.from}" is no longer in ${path}`);
    }
    code = (edit.imports ?? '') + code.replace(edit.from, edit.to);
  }
  return code;
}

/** @returns {import('vite').Plugin} */
export function astroRuntimeSpeedups() {
  return {
    name: 'astro-runtime-speedups',
    // The development server keeps Astro's runtime as it is (its HMR reads the island uid).
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const edited = applyEdits(id.split('?')[0].replaceAll('\\', '/'), code);
      return edited === code ? null : { code: edited, map: null };
    },
  };
}
