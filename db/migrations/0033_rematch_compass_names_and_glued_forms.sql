-- Issue 32: name keys keep a branch word that starts a longer name ("North Security" is "north security", no longer
-- "security" with the branch "north") and split a legal form glued on in any letter case ("lumen securitygmbh",
-- "QUANTUM MEDIAGMBH"; see name-key.ts). The listings whose name may be either get their duplicate-match columns
-- worked out again by the next scan (match_key NULL marks them stale); the patterns are wider than the TypeScript
-- rules, so no affected name is missed, and re-keying every listing would make the next scan rewrite all of them.
UPDATE "listings" SET "match_key" = NULL
WHERE "name" ~* '^[^[:alnum:]]*(north|south|east|west|northeast|northwest|southeast|southwest|central|downtown|uptown|branch|campus|site|location|unit|annex|ii|iii|iv|vi|vii|viii|ix|nord|sud|ost|est|ouest|norte|sur|oeste)[^[:alnum:]]+[[:alnum:]]'
   OR "name" ~* '[[:alpha:]]{3}(gmbh|llc|ltd|ltda|llp|plc)([^[:alnum:]]|$)';
