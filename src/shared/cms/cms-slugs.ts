/** The three CMS pages (DESIGN.md §6). */
export const CMS_SLUGS = ['about-us', 'privacy-policy', 'terms-and-conditions'] as const;
export type CmsSlug = (typeof CMS_SLUGS)[number];

export function isCmsSlug(value: unknown): value is CmsSlug {
  return typeof value === 'string' && (CMS_SLUGS as readonly string[]).includes(value);
}

/** Each page's editor (the public page is its own path; DESIGN.md §4). */
export const cmsEditorPath: Record<CmsSlug, string> = {
  'about-us': '/aboutus',
  'privacy-policy': '/privacyandpolicy',
  'terms-and-conditions': '/termsandcondition',
};
