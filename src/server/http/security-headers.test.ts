import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers';

describe('contentSecurityPolicy', () => {
  it("keeps Astro's hashed policy and adds the directives it cannot express", () => {
    const fromAstro = "default-src 'self'; script-src 'self' 'sha256-abc'; style-src 'self' 'sha256-def';";
    const policy = contentSecurityPolicy(fromAstro, true);
    expect(policy).toContain("script-src 'self' 'sha256-abc'");
    expect(policy).toContain("style-src 'self' 'sha256-def'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
  });

  it('locks down pages without a policy and non-HTML answers', () => {
    expect(contentSecurityPolicy(null, true)).toMatch(/^default-src 'self'; frame-ancestors 'none'/);
    expect(contentSecurityPolicy("script-src 'self'", false)).toBe(
      "default-src 'none'; frame-ancestors 'none'; sandbox",
    );
  });
});
