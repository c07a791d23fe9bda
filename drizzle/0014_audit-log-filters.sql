DROP INDEX "audit_log_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_admin_at_idx";--> statement-breakpoint
CREATE INDEX "audit_log_at_id_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_at_idx" ON "audit_log" USING btree ("action","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_area_at_idx" ON "audit_log" USING btree (split_part("action", '.', 1),"at","id");--> statement-breakpoint
CREATE INDEX "audit_log_target_at_idx" ON "audit_log" USING btree ("target","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_admin_at_idx" ON "audit_log" USING btree ("admin_id","at","id");