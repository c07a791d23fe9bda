// Costs of Astro's server runtime that every signed-in page paid on each request (issue #14:
// found by CPU profiles of `npm run bench:ssr`), removed at build time by a Vite transform. Each
// edit names the exact text it replaces and fails the build if an Astro upgrade changed it, so a
// fix upstream (or a changed runtime) is noticed rather than silently skipped.

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
  {
    // Astro gives the objects it makes per request getters of their own (the context of
    // middleware and endpoints, the page-level part of `Astro`, `Astro.slots`, `Astro.response`),
    // closures over the render context, which makes them dictionaries; and it makes that
    // page-level part the prototype of every `Astro` object of the page. V8 kept such objects,
    // and all they reach (request, locals, result, rendered HTML), through every young
    // collection until the next full one. Measured with `node --trace-gc-nvp` and a 32 KB array
    // hung on the request: promoted with every request before these edits, with none after;
    // `/dashboard` at one connection went from 42 to 5 KB promoted per request. Here the getters
    // are written once and shared, each object holds what they read under a symbol, and `Astro`
    // objects share one prototype. Same names, values, errors and enumerability as Astro's
    // (scripts/build/astro-shared-accessors.test.ts compares them).
    file: /\/astro\/dist\/core\/render-context\.js$/,
    why: 'shared accessors (per-request getters promoted every request)',
    from: 'class RenderContext {',
    to: `const RENDER_CONTEXT = Symbol("renderContext");
const CALL_ACTION = Symbol("callAction");
const SLOT_SOURCE = Symbol("slotSource");
const RESPONSE_HEADERS = Symbol("responseHeaders");
function sharedCspApi(renderContext) {
  const pipeline = renderContext.pipeline;
  const allowed = () => {
    if (!pipeline.manifest.csp) {
      throw new AstroError(CspNotEnabled);
    }
  };
  return {
    insertDirective(payload) {
      allowed();
      if (renderContext?.result?.directives) {
        renderContext.result.directives = pushDirective(renderContext.result.directives, payload);
      } else {
        renderContext?.result?.directives.push(payload);
      }
    },
    insertScriptResource(resource) {
      allowed();
      renderContext.result?.scriptResources.push(resource);
    },
    insertStyleResource(resource) {
      allowed();
      renderContext.result?.styleResources.push(resource);
    },
    insertStyleHash(hash) {
      allowed();
      renderContext.result?.styleHashes.push(hash);
    },
    insertScriptHash(hash) {
      allowed();
      renderContext.result?.scriptHashes.push(hash);
    }
  };
}
function sharedSession(self, subject, kind) {
  const renderContext = self[RENDER_CONTEXT];
  const pipeline = renderContext.pipeline;
  if (self.isPrerendered) {
    pipeline.logger.warn(
      "session",
      \`\${subject}.session was used when rendering the route \${colors.green(self.routePattern)}, but it is not available on prerendered \${kind}s. If you need access to sessions, make sure that the \${kind} is server-rendered using \\\`export const prerender = false;\\\` or by setting \\\`output\\\` to \\\`"server"\\\` in your Astro config to make all your \${kind}s server-rendered by default. For more information, see https://docs.astro.build/en/guides/sessions/\`
    );
    return void 0;
  }
  if (!renderContext.session) {
    pipeline.logger.warn(
      "session",
      \`\${subject}.session was used when rendering the route \${colors.green(self.routePattern)}, but no storage configuration was provided. Either configure the storage manually or use an adapter that provides session storage. For more information, see https://docs.astro.build/en/guides/sessions/\`
    );
    return void 0;
  }
  return renderContext.session;
}
const SHARED_LOCALE_ACCESSORS = {
  get clientAddress() {
    return this[RENDER_CONTEXT].getClientAddress();
  },
  get currentLocale() {
    return this[RENDER_CONTEXT].computeCurrentLocale();
  },
  get preferredLocale() {
    return this[RENDER_CONTEXT].computePreferredLocale();
  },
  get preferredLocaleList() {
    return this[RENDER_CONTEXT].computePreferredLocaleList();
  },
  get originPathname() {
    return getOriginPathname(this[RENDER_CONTEXT].request);
  },
  get csp() {
    return sharedCspApi(this[RENDER_CONTEXT]);
  }
};
const SHARED_CONTEXT_ACCESSORS = Object.getOwnPropertyDescriptors({
  get cookies() {
    return this[RENDER_CONTEXT].cookies;
  },
  get locals() {
    return this[RENDER_CONTEXT].locals;
  },
  set locals(_) {
    throw new AstroError(AstroErrorData.LocalsReassigned);
  },
  get session() {
    return sharedSession(this, "context", "route");
  }
});
Object.assign(SHARED_CONTEXT_ACCESSORS, Object.getOwnPropertyDescriptors(SHARED_LOCALE_ACCESSORS));
const SHARED_ASTRO_ACCESSORS = Object.getOwnPropertyDescriptors({
  get session() {
    return sharedSession(this, "Astro", "page");
  },
  get callAction() {
    return this[CALL_ACTION];
  }
});
Object.assign(SHARED_ASTRO_ACCESSORS, Object.getOwnPropertyDescriptors(SHARED_LOCALE_ACCESSORS));
const ASTRO_PAGE = Symbol("astroPage");
const SHARED_ASTRO_PROTOTYPE = Object.create(Object.prototype);
for (const name of ["generator", "glob", "routePattern", "isPrerendered", "cookies", "params", "locals", "redirect", "rewrite", "request", "response", "site", "getActionResult", "url", RENDER_CONTEXT, CALL_ACTION]) {
  Object.defineProperty(SHARED_ASTRO_PROTOTYPE, name, {
    get() {
      return this[ASTRO_PAGE][name];
    },
    set(value) {
      Object.defineProperty(this, name, { value, writable: true, enumerable: true, configurable: true });
    },
    enumerable: typeof name === "string",
    configurable: true
  });
}
Object.defineProperties(SHARED_ASTRO_PROTOTYPE, SHARED_ASTRO_ACCESSORS);
const SHARED_SLOTS_ACCESSOR = {
  get() {
    const source = this[SLOT_SOURCE];
    return source.slots ??= new Slots(source.result, source.slotValues, source.logger);
  }
};
const SHARED_RESPONSE_HEADERS_ACCESSOR = {
  get() {
    return this[RESPONSE_HEADERS];
  },
  set(_) {
    throw new AstroError(AstroErrorData.AstroResponseHeadersReassigned);
  },
  enumerable: true,
  configurable: true
};
class RenderContext {`,
  },
  {
    file: /\/astro\/dist\/core\/render-context\.js$/,
    why: 'shared accessors: the context of middleware and endpoints',
    from: `  createActionAPIContext() {
    const renderContext = this;`,
    to: `  createActionAPIContext() {
    const context = {
      routePattern: this.routeData.route,
      isPrerendered: this.routeData.prerender,
      generator: \`Astro v\${ASTRO_VERSION}\`,
      params: this.params,
      rewrite: async (reroutePayload) => {
        return await this.#executeRewrite(reroutePayload);
      },
      request: this.request,
      site: this.pipeline.site,
      url: this.url
    };
    Object.defineProperty(context, RENDER_CONTEXT, { value: this });
    return Object.defineProperties(context, SHARED_CONTEXT_ACCESSORS);
  }
  /** Astro's own version, unused: its getters are made anew per request (see above). */
  createActionAPIContextWithOwnGetters() {
    const renderContext = this;`,
  },
  {
    file: /\/astro\/dist\/core\/render-context\.js$/,
    why: 'shared accessors: the page-level Astro global',
    from: `  createAstroPagePartial(result, astroStaticPartial, apiContext) {
    const renderContext = this;`,
    to: `  createAstroPagePartial(result, astroStaticPartial, apiContext) {
    const { cookies, locals, params, pipeline, url } = this;
    return {
      generator: astroStaticPartial.generator,
      glob: astroStaticPartial.glob,
      routePattern: this.routeData.route,
      isPrerendered: this.routeData.prerender,
      cookies,
      params,
      locals,
      redirect: (path, status = 302) => {
        if (this.request[responseSentSymbol]) {
          throw new AstroError({
            ...AstroErrorData.ResponseSentError
          });
        }
        return new Response(null, { status, headers: { Location: path } });
      },
      rewrite: async (reroutePayload) => {
        return await this.#executeRewrite(reroutePayload);
      },
      request: this.request,
      response: result.response,
      site: pipeline.site,
      getActionResult: createGetActionResult(locals),
      url,
      [RENDER_CONTEXT]: this,
      [CALL_ACTION]: createCallAction(apiContext)
    };
  }
  /** Astro's own version, unused: its getters are made anew per request (see above). */
  createAstroPagePartialWithOwnGetters(result, astroStaticPartial, apiContext) {
    const renderContext = this;`,
  },
  {
    file: /\/astro\/dist\/core\/render-context\.js$/,
    why: 'shared accessors: the Astro global and Astro.slots',
    from: `    const astroComponentPartial = { props, self: null };
    const Astro = Object.assign(
      Object.create(astroPagePartial),
      astroComponentPartial
    );
    let _slots;
    Object.defineProperty(Astro, "slots", {
      get: () => {
        if (!_slots) {
          _slots = new Slots(
            result,
            slotValues,
            this.pipeline.logger
          );
        }
        return _slots;
      }
    });`,
    to: `    const Astro = Object.create(SHARED_ASTRO_PROTOTYPE);
    Object.defineProperty(Astro, ASTRO_PAGE, { value: astroPagePartial });
    Astro.props = props;
    Astro.self = null;
    Object.defineProperty(Astro, SLOT_SOURCE, {
      value: { result, slotValues, logger: this.pipeline.logger, slots: void 0 }
    });
    Object.defineProperty(Astro, "slots", SHARED_SLOTS_ACCESSOR);`,
  },
  {
    file: /\/astro\/dist\/core\/render-context\.js$/,
    why: 'shared accessors: Astro.response.headers',
    from: `    const response = {
      status: actionResult?.error ? actionResult?.error.status : status,
      statusText: actionResult?.error ? actionResult?.error.type : "OK",
      get headers() {
        return headers;
      },
      // Disallow \`Astro.response.headers = new Headers\`
      set headers(_) {
        throw new AstroError(AstroErrorData.AstroResponseHeadersReassigned);
      }
    };`,
    to: `    const response = {
      status: actionResult?.error ? actionResult?.error.status : status,
      statusText: actionResult?.error ? actionResult?.error.type : "OK"
    };
    Object.defineProperty(response, RESPONSE_HEADERS, { value: headers });
    Object.defineProperty(response, "headers", SHARED_RESPONSE_HEADERS_ACCESSOR);`,
  },
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
