ALTER TABLE "admins" DROP CONSTRAINT "admins_status_check";--> statement-breakpoint
ALTER TABLE "admins" ALTER COLUMN "role" SET DEFAULT 'readonly';--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_email" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "api_key_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "coalesce_key" text;--> statement-breakpoint
ALTER TABLE "login_throttles" ADD COLUMN "last_try_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_invites_expires_at_idx" ON "admin_invites" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_coalesce_key" ON "audit_log" USING btree ("coalesce_key") WHERE "audit_log"."coalesce_key" is not null;--> statement-breakpoint
CREATE INDEX "login_throttles_last_try_at_idx" ON "login_throttles" USING btree ("last_try_at");--> statement-breakpoint
CREATE INDEX "otp_challenges_expires_at_idx" ON "otp_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_last_seen_at_idx" ON "sessions" USING btree ("last_seen_at");--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_status_check" CHECK ("admins"."status" in ('active', 'invited', 'disabled', 'pending'));--> statement-breakpoint
-- The trail keeps each actor as named when the row was written: rows written before these columns
-- take the name their admin has now, once, and keep it from here on.
UPDATE "audit_log" AS a SET "actor_name" = nullif(trim(ad."first_name" || ' ' || ad."last_name"), ''), "actor_email" = ad."email" FROM "admins" AS ad WHERE ad."id" = a."admin_id";
