ALTER TABLE "cms_pages" DROP CONSTRAINT "cms_pages_slug_unique";--> statement-breakpoint
ALTER TABLE "cms_page_revisions" ADD COLUMN "effective_date" date;--> statement-breakpoint
ALTER TABLE "cms_page_revisions" ADD COLUMN "restored_from" integer;--> statement-breakpoint
ALTER TABLE "cms_pages" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_pages" ADD COLUMN "effective_date" date;--> statement-breakpoint
ALTER TABLE "cms_pages" ADD CONSTRAINT "cms_pages_slug_locale_unique" UNIQUE("slug","locale");--> statement-breakpoint
ALTER TABLE "cms_pages" ADD CONSTRAINT "cms_pages_locale_check" CHECK ("cms_pages"."locale" in ('en', 'fr', 'ro', 'zh'));