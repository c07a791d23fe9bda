import { date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { cmsPages } from './cms';
import { id, timestamps } from './columns';

/**
 * The unpublished text of a page's language version: at most one per version (the unique page
 * id), written by `savecmsdraft`, removed by `updatecms` (publish) and `discardcmsdraft`. Visitors
 * never read it: the public pages read `cms_pages` alone.
 */
export const cmsPageDrafts = pgTable('cms_page_drafts', {
  id: id(),
  pageId: integer('page_id')
    .notNull()
    .unique('cms_page_drafts_page_unique')
    .references(() => cmsPages.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  /** Sanitized HTML, like the published text. */
  content: text('content').notNull(),
  effectiveDate: date('effective_date', { mode: 'string' }),
  adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
  ...timestamps,
});
export type CmsPageDraft = typeof cmsPageDrafts.$inferSelect;
