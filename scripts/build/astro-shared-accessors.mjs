// Build-time edits of Astro's render-context.js (issue #14, the dashboard's p99), applied with
// the others by astro-runtime-speedups.mjs.
//
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
// (astro-shared-accessors.test.ts compares them).

/** @type {{ file: RegExp, why: string, from: string, to: string, imports?: string }[]} */
export const SHARED_ACCESSOR_EDITS = [
  {
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
