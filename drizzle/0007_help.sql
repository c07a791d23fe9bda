ALTER TABLE "support_queries" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "support_queries" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_queries" ADD COLUMN "reply_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "support_queries" ADD COLUMN "last_message_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "support_replies" ADD COLUMN "kind" text DEFAULT 'reply' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_replies" ADD COLUMN "mail_state" text;--> statement-breakpoint
ALTER TABLE "support_replies" ADD COLUMN "mail_attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_queries" ADD CONSTRAINT "support_queries_assignee_id_admins_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_queries_activity_idx" ON "support_queries" USING btree ("last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_queries_status_activity_idx" ON "support_queries" USING btree ("status","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_queries_assignee_activity_idx" ON "support_queries" USING btree ("assignee_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_queries_user_idx" ON "support_queries" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_kind_check" CHECK ("support_replies"."kind" in ('user', 'reply', 'note'));--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_mail_state_check" CHECK ("support_replies"."mail_state" in ('sending', 'sent', 'failed'));--> statement-breakpoint
-- custom SQL (hand-written)
-- Queries that existed before threads were tracked: count their replies, date their last message,
-- and treat an open one that nobody answered as waiting since it arrived.
UPDATE "support_queries" q SET
  "reply_count" = r.n,
  "last_message_at" = greatest(q."created_at", coalesce(r.last_at, q."created_at")),
  "waiting_since" = CASE WHEN q."status" = 'open' AND r.n = 0 THEN q."created_at" END
FROM (
  SELECT sq."id", count(sr."id")::int AS n, max(sr."created_at") AS last_at
  FROM "support_queries" sq LEFT JOIN "support_replies" sr ON sr."query_id" = sq."id"
  GROUP BY sq."id"
) r
WHERE r."id" = q."id";
