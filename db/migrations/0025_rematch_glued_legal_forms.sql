-- Issue 19: name keys now split a legal form glued to the name ("Silver RoboticsLLC" is "silver robotics").
-- Every listing's duplicate-match columns are worked out again by the next scan (match_key NULL marks them stale).
UPDATE "listings" SET "match_key" = NULL;
