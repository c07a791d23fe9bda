CREATE TABLE "roles" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"permissions" text[] DEFAULT '{}' NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The built-in roles: rows for the foreign key; their permissions live in code.
INSERT INTO "roles" ("key", "built_in") VALUES
	('owner', true), ('administrator', true), ('support', true),
	('liveops', true), ('content', true), ('readonly', true);
--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "role" text DEFAULT 'administrator' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "scopes" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Keys made before scopes keep every call they had.
UPDATE "api_keys" SET "scopes" = '{users.write,games.write,support.write,notifications.read,puzzles.read}';--> statement-breakpoint
-- Until now every admin could do everything: the first admin who can sign in becomes the Owner,
-- the others Administrators (everything but roles and owners).
UPDATE "admins" SET "role" = 'owner' WHERE "id" = (
	SELECT "id" FROM "admins" ORDER BY ("status" = 'active') DESC, "id" LIMIT 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_key" ON "roles" USING btree (lower("name")) WHERE "roles"."name" <> '';--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_role_roles_key_fk" FOREIGN KEY ("role") REFERENCES "public"."roles"("key") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "admins_role_idx" ON "admins" USING btree ("role");