CREATE TABLE "idempotency_keys" (
	"admin_id" integer NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"response" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_admin_id_scope_key_pk" PRIMARY KEY("admin_id","scope","key")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "audience_status" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "audience_search" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "target_user_ids" integer[];--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "state" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "fanout_cursor" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "skipped_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "read_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_state_created_idx" ON "notifications" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("scheduled_at") WHERE "notifications"."state" in ('scheduled', 'sending');--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_audience_check" CHECK ("notifications"."audience" in ('users', 'all'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_state_check" CHECK ("notifications"."state" in ('scheduled', 'sending', 'sent', 'cancelled'));--> statement-breakpoint
-- Notifications written before this migration were sent when they were created; their read counts
-- come from the recipient rows once, and from then on change with them.
UPDATE "notifications" n SET "sent_at" = n."created_at",
	"read_count" = (SELECT count(*)::int FROM "notification_recipients" r WHERE r."notification_id" = n."id" AND r."read_at" IS NOT NULL);
