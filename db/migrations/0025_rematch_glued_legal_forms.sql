-- Issue 19: name keys now split a legal form glued to the name ("Silver RoboticsLLC" is "silver robotics"; see
-- GLUED_FORM in app/features/duplicates/name-key.ts). The listings whose name may hold one get their duplicate-match
-- columns worked out again by the next scan (match_key NULL marks them stale). The pattern is wider than the
-- TypeScript one (any letter before the form, any non-ASCII after it), so no affected name is missed; re-keying
-- every listing instead made the first scan of a 100,000-listing directory spend 50 s rewriting rows.
UPDATE "listings" SET "match_key" = NULL
WHERE "name" ~ '[^[:space:]](LLC|Inc|INC|Ltd|LTD|GmbH|GMBH|Corp|CORP|PLC|LLP|AG|SA|SAS|SRL|BV|NV|AB|Oy|OY|KK|AS|ApS)([^[:alnum:]]|$)';
