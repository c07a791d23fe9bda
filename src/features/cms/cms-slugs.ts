/** The three CMS pages (DESIGN.md §6), the admin screen that edits each and the public page that shows it. */
export const CMS_SLUGS = ['about-us', 'privacy-policy', 'terms-and-conditions'] as const;
export type CmsSlug = (typeof CMS_SLUGS)[number];

export const CMS_EDITOR_PATHS: Record<CmsSlug, string> = {
  'about-us': '/aboutus',
  'privacy-policy': '/privacyandpolicy',
  'terms-and-conditions': '/termsandcondition',
};

export const CMS_PUBLIC_PATHS: Record<CmsSlug, string> = {
  'about-us': '/about',
  'privacy-policy': '/privacy-policy',
  'terms-and-conditions': '/teams-condition',
};

export function isCmsSlug(value: unknown): value is CmsSlug {
  return typeof value === 'string' && (CMS_SLUGS as readonly string[]).includes(value);
}
