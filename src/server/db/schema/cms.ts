import { date, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { CMS_SLUGS } from '../../../shared/cms/cms-slugs';
import { LOCALES } from '../../../i18n/locales';
import { admins } from './admins';
import { id, oneOf, timestamps } from './columns';

export { CMS_SLUGS, type CmsSlug } from '../../../shared/cms/cms-slugs';

/**
 * One row per page and language: visitors read their own language's row and fall back to English
 * (`en`, the default, so rows written before languages existed are the English version).
 */
export const cmsPages = pgTable(
  'cms_pages',
  {
    id: id(),
    slug: text('slug', { enum: CMS_SLUGS }).notNull(),
    locale: text('locale', { enum: LOCALES }).notNull().default('en'),
    title: text('title').notNull(),
    /** Sanitized HTML. */
    content: text('content').notNull().default(''),
    /** When the text takes effect (shown on the public page instead of the last-updated date). */
    effectiveDate: date('effective_date', { mode: 'string' }),
    updatedBy: integer('updated_by').references(() => admins.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    unique('cms_pages_slug_locale_unique').on(t.slug, t.locale),
    oneOf('cms_pages_locale_check', t.locale, LOCALES),
  ],
);
export type CmsPage = typeof cmsPages.$inferSelect;

/** Every save of a page's language version, restores included (a restore is a new revision). */
export const cmsPageRevisions = pgTable(
  'cms_page_revisions',
  {
    id: id(),
    pageId: integer('page_id')
      .notNull()
      .references(() => cmsPages.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    /** The revision this one restored, when it was a restore. */
    restoredFrom: integer('restored_from'),
    ...timestamps,
  },
  (t) => [index('cms_page_revisions_page_idx').on(t.pageId, t.createdAt)],
);
export type CmsPageRevision = typeof cmsPageRevisions.$inferSelect;
