-- Issue 32: name keys keep a compass word followed by another word ("North Security" is "north security", no longer
-- "security" with the branch "north") and split a legal form glued on in any letter case ("lumen securitygmbh",
-- "QUANTUM MEDIAGMBH"; see name-key.ts). The listings whose name may be either get their duplicate-match columns
-- worked out again by the next scan (match_key NULL marks them stale); the patterns are wider than the TypeScript
-- rules, so no affected name is missed, and re-keying every listing would make the next scan rewrite all of them.
UPDATE "listings" SET "match_key" = NULL
WHERE "name" ~* '(^|[^[:alpha:]])(north|south|east|west|northeast|northwest|southeast|southwest|nord|sud|norte)[^[:alnum:]]+[[:alpha:]]'
   OR "name" ~* '[[:alpha:]]{3}(gmbh|llc|ltd|ltda|llp|plc|inc)([^[:alnum:]]|$)';
