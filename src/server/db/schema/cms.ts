import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { id, timestamps } from './columns';

export const CMS_SLUGS = ['about-us', 'privacy-policy', 'terms-and-conditions'] as const;
export type CmsSlug = (typeof CMS_SLUGS)[number];

export const cmsPages = pgTable('cms_pages', {
  id: id(),
  slug: text('slug', { enum: CMS_SLUGS }).notNull().unique(),
  title: text('title').notNull(),
  /** Sanitized HTML. */
  content: text('content').notNull().default(''),
  updatedBy: integer('updated_by').references(() => admins.id, { onDelete: 'set null' }),
  ...timestamps,
});
export type CmsPage = typeof cmsPages.$inferSelect;

export const cmsPageRevisions = pgTable(
  'cms_page_revisions',
  {
    id: id(),
    pageId: integer('page_id')
      .notNull()
      .references(() => cmsPages.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('cms_page_revisions_page_idx').on(t.pageId, t.createdAt)],
);
