/** Directives that only work in a header, or that must hold for every response. */
const HEADER_ONLY = ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'", "form-action 'self'"];
/** JSON, images, CSV: nothing in them may load or run, even when opened as a document. */
const NON_HTML_POLICY = ["default-src 'none'", "frame-ancestors 'none'", 'sandbox'].join('; ');

/**
 * Astro (`security.csp`) sends each page's policy, with hashes of its own inline and bundled
 * scripts and styles, in the content-security-policy header. That policy is kept and completed
 * with the directives Astro cannot express; answers that are not pages get a deny-all policy.
 */
export function contentSecurityPolicy(fromAstro: string | null, isHtml: boolean): string {
  if (!isHtml) return NON_HTML_POLICY;
  const directives = (fromAstro ?? "default-src 'self'")
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean);
  const names = new Set(directives.map((directive) => directive.split(/\s+/)[0]));
  return [...directives, ...HEADER_ONLY.filter((directive) => !names.has(directive.split(/\s+/)[0]))].join(
    '; ',
  );
}

export function baseSecurityHeaders(secure: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(secure ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
