-- A design's likes_count now holds signed-in likes only: a signed-out session's like is kept for the session and
-- counts once it moves to the account at sign-in (docs/security.md). Likes that sessions made under the old rule
-- were counted at once; take them out, or they would count twice when they move.
UPDATE "designs" AS d
SET "likes_count" = greatest(0, d."likes_count" - s.n)
FROM (
  SELECT l."design_id", count(*)::integer AS n
  FROM "design_likes" AS l
  WHERE NOT EXISTS (SELECT 1 FROM "users" AS u WHERE u."id" = l."viewer_id")
  GROUP BY l."design_id"
) AS s
WHERE d."id" = s."design_id";
