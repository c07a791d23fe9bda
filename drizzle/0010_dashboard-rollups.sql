CREATE TABLE "dashboard_buckets" (
	"metric" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"shard" smallint NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_buckets_bucket_metric_shard_pk" PRIMARY KEY("bucket","metric","shard")
);
--> statement-breakpoint
CREATE TABLE "dashboard_hour_buckets" (
	"metric" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"shard" smallint NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_hour_buckets_bucket_metric_shard_pk" PRIMARY KEY("bucket","metric","shard")
);
--> statement-breakpoint
CREATE TABLE "dashboard_puzzle_buckets" (
	"bucket" timestamp with time zone NOT NULL,
	"puzzle_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"plays" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_puzzle_buckets_bucket_puzzle_id_shard_pk" PRIMARY KEY("bucket","puzzle_id","shard")
);
--> statement-breakpoint
CREATE TABLE "dashboard_puzzle_days" (
	"puzzle_id" integer NOT NULL,
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"plays" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_puzzle_days_day_puzzle_id_shard_pk" PRIMARY KEY("day","puzzle_id","shard")
);
--> statement-breakpoint
CREATE TABLE "dashboard_totals" (
	"metric" text NOT NULL,
	"shard" smallint NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_totals_metric_shard_pk" PRIMARY KEY("metric","shard")
);
--> statement-breakpoint
-- custom SQL (hand-written)
-- The dashboard's rollups (src/server/db/schema/dashboard.ts) follow every insert, delete and update
-- of the rows they count through statement-level triggers with transition tables: one set-based
-- upsert per statement and table (a 200,000-row seed batch touches a few thousand bucket rows), in
-- the writer's own transaction, so they are exact for any writer. Shard = transaction id mod 8, so
-- parallel transactions mostly write different rows of the same bucket.
CREATE FUNCTION "dashboard_bucket"("at" timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT date_bin('15 minutes', "at", TIMESTAMPTZ '2000-01-01 00:00:00+00')
$$;
--> statement-breakpoint
-- Adds signed counts per (metric, bucket); rows are locked in key order, so two writers never wait
-- on each other in opposite orders.
CREATE FUNCTION "dashboard_apply"("metrics" text[], "buckets" timestamptz[], "deltas" bigint[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "dashboard_totals" ("metric", "shard", "total")
	SELECT m, (txid_current() % 8)::smallint, sum(d) FROM unnest("metrics", "deltas") AS c(m, d)
	GROUP BY m HAVING sum(d) <> 0 ORDER BY m
	ON CONFLICT ("metric", "shard") DO UPDATE SET "total" = "dashboard_totals"."total" + excluded."total";
	INSERT INTO "dashboard_buckets" ("bucket", "metric", "shard", "total")
	SELECT b, m, (txid_current() % 8)::smallint, d FROM unnest("metrics", "buckets", "deltas") AS c(m, b, d)
	ORDER BY b, m
	ON CONFLICT ("bucket", "metric", "shard") DO UPDATE SET "total" = "dashboard_buckets"."total" + excluded."total";
	-- date_bin, not date_trunc: date_trunc would cut hours in the session's zone.
	INSERT INTO "dashboard_hour_buckets" ("bucket", "metric", "shard", "total")
	SELECT date_bin('1 hour', b, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS h, m, (txid_current() % 8)::smallint, sum(d)
	FROM unnest("metrics", "buckets", "deltas") AS c(m, b, d)
	GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
	ON CONFLICT ("bucket", "metric", "shard") DO UPDATE SET "total" = "dashboard_hour_buckets"."total" + excluded."total";
$$;
--> statement-breakpoint
-- One function for every counted table: TG_ARGV[0] is the SQL expression of a row's metric (NULL:
-- not counted), TG_ARGV[1] the expression of its time. An update counts as its old rows leaving and
-- its new rows arriving, so a status, time or any other change moves exactly what it changes, and
-- an update that changes neither (last_active_at) writes nothing.
CREATE FUNCTION "dashboard_count_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changes text;
BEGIN
	changes := CASE TG_OP
		WHEN 'INSERT' THEN format('SELECT %s AS m, %s AS a, 1 AS d FROM new_rows', TG_ARGV[0], TG_ARGV[1])
		WHEN 'DELETE' THEN format('SELECT %s AS m, %s AS a, -1 AS d FROM old_rows', TG_ARGV[0], TG_ARGV[1])
		ELSE format('SELECT %1$s AS m, %2$s AS a, 1 AS d FROM new_rows UNION ALL SELECT %1$s, %2$s, -1 FROM old_rows',
			TG_ARGV[0], TG_ARGV[1])
	END;
	EXECUTE format('SELECT dashboard_apply(array_agg(m), array_agg(b), array_agg(d)) FROM (
		SELECT m, dashboard_bucket(a) AS b, sum(d)::bigint AS d FROM (%s) c
		WHERE m IS NOT NULL GROUP BY 1, 2 HAVING sum(d) <> 0) s', changes);
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Plays per puzzle per UTC day and per 15-minute bucket, the same way: `c` holds the statement's
-- signed plays per (puzzle, bucket); days are summed from it.
CREATE FUNCTION "dashboard_count_plays"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changes text;
BEGIN
	changes := CASE TG_OP
		WHEN 'INSERT' THEN 'SELECT puzzle_id AS p, played_at AS a, 1 AS n FROM new_rows'
		WHEN 'DELETE' THEN 'SELECT puzzle_id AS p, played_at AS a, -1 AS n FROM old_rows'
		ELSE 'SELECT puzzle_id AS p, played_at AS a, 1 AS n FROM new_rows
			UNION ALL SELECT puzzle_id, played_at, -1 FROM old_rows'
	END;
	EXECUTE format('WITH c AS MATERIALIZED (
			SELECT p, dashboard_bucket(a) AS b, sum(n)::bigint AS n FROM (%s) r GROUP BY 1, 2 HAVING sum(n) <> 0
		),
		buckets AS (
			INSERT INTO dashboard_puzzle_buckets (bucket, puzzle_id, shard, plays)
			SELECT b, p, (txid_current() %% 8)::smallint, n FROM c ORDER BY b, p
			ON CONFLICT (bucket, puzzle_id, shard) DO UPDATE SET plays = dashboard_puzzle_buckets.plays + excluded.plays
		)
		INSERT INTO dashboard_puzzle_days (puzzle_id, day, shard, plays)
		SELECT p, (b AT TIME ZONE ''UTC'')::date, (txid_current() %% 8)::smallint, sum(n) FROM c
		GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 2, 1
		ON CONFLICT (day, puzzle_id, shard) DO UPDATE SET plays = dashboard_puzzle_days.plays + excluded.plays', changes);
	RETURN NULL;
END $$;
--> statement-breakpoint
-- TRUNCATE has no transition table: it forgets the metrics named LIKE TG_ARGV[0] (and, for plays,
-- the per-puzzle days and buckets).
CREATE FUNCTION "dashboard_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "dashboard_totals" WHERE "metric" LIKE TG_ARGV[0];
	DELETE FROM "dashboard_buckets" WHERE "metric" LIKE TG_ARGV[0];
	DELETE FROM "dashboard_hour_buckets" WHERE "metric" LIKE TG_ARGV[0];
	IF TG_TABLE_NAME = 'game_history' THEN
		DELETE FROM "dashboard_puzzle_days";
		DELETE FROM "dashboard_puzzle_buckets";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Recomputes every rollup from the base tables (the backfill below; also a repair tool for psql).
CREATE FUNCTION "dashboard_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "dashboard_totals";
	DELETE FROM "dashboard_buckets";
	DELETE FROM "dashboard_hour_buckets";
	DELETE FROM "dashboard_puzzle_days";
	DELETE FROM "dashboard_puzzle_buckets";
	INSERT INTO "dashboard_buckets" ("metric", "bucket", "shard", "total")
	SELECT m, b, 0, count(*) FROM (
		SELECT 'users.' || "status" AS m, dashboard_bucket("created_at") AS b FROM "users"
		UNION ALL SELECT 'games', dashboard_bucket("played_at") FROM "game_history"
		UNION ALL SELECT 'puzzles.' || "status", dashboard_bucket("created_at") FROM "puzzles"
		UNION ALL SELECT 'notifications.sent', dashboard_bucket(coalesce("sent_at", "created_at"))
			FROM "notifications" WHERE "state" = 'sent'
		UNION ALL SELECT 'support.' || "status", dashboard_bucket("created_at") FROM "support_queries"
	) c GROUP BY 1, 2;
	INSERT INTO "dashboard_hour_buckets" ("metric", "bucket", "shard", "total")
	SELECT "metric", date_bin('1 hour', "bucket", TIMESTAMPTZ '2000-01-01 00:00:00+00'), 0, sum("total")
	FROM "dashboard_buckets" GROUP BY 1, 2;
	INSERT INTO "dashboard_totals" ("metric", "shard", "total")
	SELECT "metric", 0, sum("total") FROM "dashboard_buckets" GROUP BY 1;
	INSERT INTO "dashboard_puzzle_days" ("puzzle_id", "day", "shard", "plays")
	SELECT "puzzle_id", ("played_at" AT TIME ZONE 'UTC')::date, 0, count(*) FROM "game_history" GROUP BY 1, 2;
	INSERT INTO "dashboard_puzzle_buckets" ("bucket", "puzzle_id", "shard", "plays")
	SELECT dashboard_bucket("played_at"), "puzzle_id", 0, count(*) FROM "game_history" GROUP BY 1, 2;
END $$;
--> statement-breakpoint
CREATE TRIGGER "dashboard_users_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_rows"('''users.'' || status', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "dashboard_users_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_rows"('''users.'' || status', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "dashboard_users_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_rows"('''users.'' || status', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "dashboard_users_truncate" AFTER TRUNCATE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_forget"('users.%');
--> statement-breakpoint
CREATE TRIGGER "dashboard_games_insert" AFTER INSERT ON "game_history" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_rows"('''games''', 'played_at');
--> statement-breakpoint
CREATE TRIGGER "dashboard_games_delete" AFTER DELETE ON "game_history" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_rows"('''games''', 'played_at');
--> statement-breakpoint
CREATE TRIGGER "dashboard_games_update" AFTER UPDATE ON "game_history" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_rows"('''games''', 'played_at');
--> statement-breakpoint
CREATE TRIGGER "dashboard_games_truncate" AFTER TRUNCATE ON "game_history"
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_forget"('games');
--> statement-breakpoint
CREATE TRIGGER "dashboard_plays_insert" AFTER INSERT ON "game_history" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_plays"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_plays_delete" AFTER DELETE ON "game_history" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_plays"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_plays_update" AFTER UPDATE ON "game_history" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_plays"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_puzzles_insert" AFTER INSERT ON "puzzles" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_rows"('''puzzles.'' || status', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "dashboard_puzzles_delete" AFTER DELETE ON "puzzles" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_rows"('''puzzles.'' || status', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "dashboard_puzzles_update" AFTER UPDATE ON "puzzles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_rows"('''puzzles.'' || status', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "dashboard_puzzles_truncate" AFTER TRUNCATE ON "puzzles"
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_forget"('puzzles.%');
--> statement-breakpoint
CREATE TRIGGER "dashboard_notifications_insert" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_rows"('CASE WHEN state = ''sent'' THEN ''notifications.sent'' END', 'coalesce(sent_at, created_at)');
--> statement-breakpoint
CREATE TRIGGER "dashboard_notifications_delete" AFTER DELETE ON "notifications" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_rows"('CASE WHEN state = ''sent'' THEN ''notifications.sent'' END', 'coalesce(sent_at, created_at)');
--> statement-breakpoint
CREATE TRIGGER "dashboard_notifications_update" AFTER UPDATE ON "notifications" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_rows"('CASE WHEN state = ''sent'' THEN ''notifications.sent'' END', 'coalesce(sent_at, created_at)');
--> statement-breakpoint
CREATE TRIGGER "dashboard_notifications_truncate" AFTER TRUNCATE ON "notifications"
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_forget"('notifications.%');
--> statement-breakpoint
CREATE TRIGGER "dashboard_support_insert" AFTER INSERT ON "support_queries" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_rows"('''support.'' || status', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "dashboard_support_delete" AFTER DELETE ON "support_queries" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_rows"('''support.'' || status', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "dashboard_support_update" AFTER UPDATE ON "support_queries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_rows"('''support.'' || status', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "dashboard_support_truncate" AFTER TRUNCATE ON "support_queries"
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_forget"('support.%');
--> statement-breakpoint
SELECT "dashboard_rebuild"();
