ALTER TABLE "notification_recipients" DROP CONSTRAINT "notification_recipients_notification_id_notifications_id_fk";
--> statement-breakpoint
ALTER TABLE "notification_recipients" DROP CONSTRAINT "notification_recipients_user_id_users_id_fk";
--> statement-breakpoint
-- The cascades the foreign keys gave, once per statement over all the deleted rows (a transition
-- table), rather than once per row.
CREATE FUNCTION "notification_recipients_forget_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "notification_recipients" r USING gone WHERE r."user_id" = gone."id";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_delete_notification_recipients" AFTER DELETE ON "users"
	REFERENCING OLD TABLE AS gone FOR EACH STATEMENT
	EXECUTE FUNCTION "notification_recipients_forget_users"();
--> statement-breakpoint
CREATE FUNCTION "notification_recipients_forget_notifications"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "notification_recipients" r USING gone WHERE r."notification_id" = gone."id";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "notifications_delete_recipients" AFTER DELETE ON "notifications"
	REFERENCING OLD TABLE AS gone FOR EACH STATEMENT
	EXECUTE FUNCTION "notification_recipients_forget_notifications"();
