-- Issue #39: one word per area. An action's area is its permission area's word, and a target's kind
-- is the same word (src/shared/audit/vocabulary.ts); rows written before keep their meaning.
UPDATE audit_log
SET action = CASE split_part(action, '.', 1)
    WHEN 'admin' THEN 'admins'
    WHEN 'apikey' THEN 'apikeys'
    WHEN 'cms' THEN 'content'
    WHEN 'notification' THEN 'notifications'
    WHEN 'role' THEN 'roles'
  END || substr(action, strpos(action, '.'))
WHERE split_part(action, '.', 1) IN ('admin', 'apikey', 'cms', 'notification', 'role');
--> statement-breakpoint
UPDATE audit_log
SET target = CASE
    WHEN target ~ '^(about-us|privacy-policy|terms-and-conditions):[a-z]{2}$' THEN 'content:' || target
    ELSE regexp_replace(target, '^(user|admin|apikey|role|puzzle|notification|session):', '\1s:')
  END
WHERE target ~ '^(user|admin|apikey|role|puzzle|notification|session):'
  OR target ~ '^(about-us|privacy-policy|terms-and-conditions):[a-z]{2}$';
