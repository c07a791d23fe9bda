CREATE TABLE "cms_page_drafts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cms_page_drafts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"page_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"effective_date" date,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_page_drafts_page_unique" UNIQUE("page_id")
);
--> statement-breakpoint
ALTER TABLE "cms_page_drafts" ADD CONSTRAINT "cms_page_drafts_page_id_cms_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."cms_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_page_drafts" ADD CONSTRAINT "cms_page_drafts_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- hand-written
-- The text a page already shows becomes its first revision when it has none (the demo seed wrote
-- its pages without one), so the original can always be restored. Dated when the page was last
-- written, so it sorts before every later save.
INSERT INTO "cms_page_revisions" ("page_id", "title", "content", "effective_date", "admin_id", "created_at", "updated_at")
SELECT p."id", p."title", p."content", p."effective_date", p."updated_by", p."updated_at", p."updated_at"
FROM "cms_pages" p
WHERE btrim(p."content") <> ''
  AND NOT EXISTS (SELECT 1 FROM "cms_page_revisions" r WHERE r."page_id" = p."id");
