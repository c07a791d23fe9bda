CREATE TABLE "images" (
	"hash" text PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_created_idx";--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("first_name","last_name","id");--> statement-breakpoint
CREATE INDEX "users_profile_idx" ON "users" USING btree ("profile") WHERE "users"."profile" is not null;--> statement-breakpoint
CREATE INDEX "users_last_active_idx" ON "users" USING btree ("last_active_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
-- Exact per-status user counts, kept by statement-level triggers: one counter write per statement
-- (a bulk block of a million rows is one update of two rows), never a count(*) per list request.
-- Counter rows are written in status order, so two transactions never lock them in opposite orders.
CREATE FUNCTION "user_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "user_counts" SET "total" = 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "user_counts" ("status", "total")
    SELECT "status", count(*) FROM "new_rows" GROUP BY "status" ORDER BY "status"
    ON CONFLICT ("status") DO UPDATE SET "total" = "user_counts"."total" + excluded."total";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "user_counts" ("status", "total")
    SELECT "status", -count(*) FROM "old_rows" GROUP BY "status" ORDER BY "status"
    ON CONFLICT ("status") DO UPDATE SET "total" = "user_counts"."total" + excluded."total";
  ELSE
    INSERT INTO "user_counts" ("status", "total")
    SELECT "status", sum("delta") FROM (
      SELECT n."status", 1 AS "delta" FROM "new_rows" n JOIN "old_rows" o USING ("id") WHERE n."status" <> o."status"
      UNION ALL
      SELECT o."status", -1 FROM "new_rows" n JOIN "old_rows" o USING ("id") WHERE n."status" <> o."status"
    ) AS "changes" GROUP BY "status" ORDER BY "status"
    ON CONFLICT ("status") DO UPDATE SET "total" = "user_counts"."total" + excluded."total";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_count_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "users_count_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "users_count_update" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "users_count_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_apply"();
--> statement-breakpoint
INSERT INTO "user_counts" ("status", "total")
SELECT "status", count(*) FROM "users" GROUP BY "status";
