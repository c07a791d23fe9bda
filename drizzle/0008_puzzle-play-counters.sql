ALTER TABLE "puzzles" ADD COLUMN "plays" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "puzzles" ADD COLUMN "score_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- custom SQL (hand-written)
-- Per-puzzle plays and score totals, kept exact by statement-level triggers on game_history: one
-- counter update per puzzle touched per statement (a batch of 1,000 plays over 60 puzzles is at
-- most 60 row updates), never an aggregate over millions of plays per list request. Counter rows
-- are updated in puzzle id order, so two parallel batches never lock them in opposite orders.
CREATE FUNCTION "puzzle_plays_add"("deltas" jsonb) RETURNS void LANGUAGE sql AS $$
  WITH "changes" AS (
    SELECT ("d"->>'puzzle_id')::int AS "puzzle_id", ("d"->>'n')::bigint AS "n", ("d"->>'score')::bigint AS "score"
    FROM jsonb_array_elements("deltas") AS "d"
  ),
  "locked" AS (
    SELECT p."id", c."n", c."score" FROM "puzzles" p JOIN "changes" c ON c."puzzle_id" = p."id"
    WHERE c."n" <> 0 OR c."score" <> 0
    ORDER BY p."id" FOR NO KEY UPDATE OF p
  )
  UPDATE "puzzles" p SET "plays" = p."plays" + l."n", "score_total" = p."score_total" + l."score"
  FROM "locked" l WHERE p."id" = l."id";
$$;
--> statement-breakpoint
CREATE FUNCTION "puzzle_plays_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE "deltas" jsonb;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "puzzles" SET "plays" = 0, "score_total" = 0 WHERE "plays" <> 0 OR "score_total" <> 0;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('puzzle_id', "puzzle_id", 'n', "n", 'score', "score")) INTO "deltas"
    FROM (SELECT "puzzle_id", count(*) AS "n", sum("score") AS "score" FROM "new_rows" GROUP BY "puzzle_id") AS "c";
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('puzzle_id', "puzzle_id", 'n', -"n", 'score', -"score")) INTO "deltas"
    FROM (SELECT "puzzle_id", count(*) AS "n", sum("score") AS "score" FROM "old_rows" GROUP BY "puzzle_id") AS "c";
  ELSE
    SELECT jsonb_agg(jsonb_build_object('puzzle_id', "puzzle_id", 'n', "n", 'score', "score")) INTO "deltas"
    FROM (
      SELECT "puzzle_id", sum("n") AS "n", sum("score") AS "score" FROM (
        SELECT "puzzle_id", 1 AS "n", "score" FROM "new_rows"
        UNION ALL
        SELECT "puzzle_id", -1, -"score" FROM "old_rows"
      ) AS "r" GROUP BY "puzzle_id"
    ) AS "c";
  END IF;
  IF "deltas" IS NOT NULL THEN
    PERFORM "puzzle_plays_add"("deltas");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "puzzle_plays_insert" AFTER INSERT ON "game_history" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "puzzle_plays_apply"();
--> statement-breakpoint
CREATE TRIGGER "puzzle_plays_delete" AFTER DELETE ON "game_history" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "puzzle_plays_apply"();
--> statement-breakpoint
CREATE TRIGGER "puzzle_plays_update" AFTER UPDATE ON "game_history"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "puzzle_plays_apply"();
--> statement-breakpoint
CREATE TRIGGER "puzzle_plays_truncate" AFTER TRUNCATE ON "game_history"
  FOR EACH STATEMENT EXECUTE FUNCTION "puzzle_plays_apply"();
--> statement-breakpoint
UPDATE "puzzles" p SET "plays" = g."n", "score_total" = g."score"
FROM (SELECT "puzzle_id", count(*) AS "n", sum("score") AS "score" FROM "game_history" GROUP BY "puzzle_id") g
WHERE p."id" = g."puzzle_id";
--> statement-breakpoint
-- Puzzles seeded before this stored a sentence of rules as content, which is now JSON checked by
-- a schema (src/features/puzzles/puzzle-content.ts): such text is kept as the instructions of a
-- one-question quiz, valid content that an admin can then edit.
UPDATE "puzzles" SET "content" = json_build_object(
  'type', 'quiz',
  'instructions', left("content", 1000),
  'questions', json_build_array(json_build_object(
    'question', 'Ready to play?', 'choices', json_build_array('Yes', 'Not yet'), 'answer', 0))
)::text
WHERE "content" !~ '^\s*\{';
