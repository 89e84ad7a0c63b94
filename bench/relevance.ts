/**
 * Search relevance benchmark: `npm run bench:relevance [-- --strict] [-- --tier public]`.
 *
 * Seeds the 600-listing demo directory (the one `npm start` shows) into an in-memory embedded database, asks
 * every labelled query of bench/datasets/relevance-queries.json through the product's own searchListings, and
 * scores the ranking: mean reciprocal rank (MRR) of the first relevant listing, success@1 and success@5, per
 * category and overall. A no-match query succeeds when nothing is found. Targets (issues 15 and 31): every exact-name
 * and typo query at rank 1, the right listing first for >= 90 % of queries, MRR >= 0.9 overall. Results:
 * bench/results/relevance-<date>.json and relevance-latest.md.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { seedListings } from "#demo/seed-database.ts";
import type { AccessLevel } from "~/features/access/tiers.ts";
import { parseDirectoryQuery } from "~/features/directory/directory-filters.ts";
import { interpretDirectoryQuery } from "~/features/directory/server/interpret-directory-query.server.ts";
import { searchListings } from "~/features/directory/server/search-listings.server.ts";
import { getReferenceData } from "~/features/catalog/reference-data.server.ts";
import { openDatabase } from "~/lib/db.server.ts";
import { dateStamp, log, machineInfo, machineMarkdown, writeResult } from "./lib/machine.ts";

const { values: args } = parseArgs({
  options: {
    strict: { type: "boolean", default: false },
    tier: { type: "string", default: "premium" },
    listings: { type: "string", default: "600" },
    help: { type: "boolean", default: false },
  },
});

if (args.help) {
  console.log(`npm run bench:relevance -- [options]
  --tier premium    the viewer's tier (public, subscriber, premium)
  --listings 600    the demo directory's size
  --strict          exit 1 when a target is missed`);
  process.exit(0);
}
const TIER = args.tier as AccessLevel;
if (!["public", "subscriber", "premium"].includes(TIER)) throw new Error("--tier must be public, subscriber or premium");
const DEPTH = 100;

interface Labelled {
  category: string;
  query: string;
  relevant: string[];
  note?: string;
}

const dataset = JSON.parse(readFileSync(new URL("./datasets/relevance-queries.json", import.meta.url), "utf8")) as {
  queries: Labelled[];
};

const database = await openDatabase({ dir: "memory://" });
await database.migrate();
log(`seeding ${args.listings} demo listings`);
await seedListings(database, Number(args.listings));

interface Scored extends Labelled {
  rank: number | null;
  reciprocal: number;
  found: number;
  top: string[];
}

const scored: Scored[] = [];
for (const item of dataset.queries) {
  const parsed = parseDirectoryQuery(new URLSearchParams({ searchQuery: item.query, pageSize: String(DEPTH) }));
  if (!parsed.ok) throw new Error(`${item.query}: ${parsed.error}`);
  // As /api/listings and the page ask it: the words that name a filter read as one first (decision 0083).
  const { query } = await interpretDirectoryQuery(database, parsed.query, await getReferenceData(database), { tier: TIER });
  const result = await searchListings(database, query, { tier: TIER });
  const slugs = result.data.map((card) => card.slug);
  const found = result.pagination.totalRecords;
  let rank: number | null;
  if (item.relevant.length === 0) rank = found === 0 ? 1 : null;
  else {
    const index = slugs.findIndex((slug) => item.relevant.includes(slug));
    rank = index === -1 ? null : index + 1;
  }
  scored.push({ ...item, rank, reciprocal: rank ? 1 / rank : 0, found, top: slugs.slice(0, 5) });
}
await database.close();

function summary(items: Scored[]) {
  const n = items.length;
  return {
    queries: n,
    mrr: items.reduce((sum, s) => sum + s.reciprocal, 0) / n,
    successAt1: items.filter((s) => s.rank === 1).length / n,
    successAt5: items.filter((s) => s.rank !== null && s.rank <= 5).length / n,
  };
}

const categories = [...new Set(scored.map((s) => s.category))];
const byCategory = Object.fromEntries(categories.map((c) => [c, summary(scored.filter((s) => s.category === c))]));
const overall = summary(scored);
const targets = [
  {
    name: "exact-name queries at rank 1",
    value: byCategory.exact?.successAt1 ?? 0,
    pass: (byCategory.exact?.successAt1 ?? 0) === 1,
    target: "100 %",
  },
  {
    name: "typo queries at rank 1",
    value: byCategory.typo?.successAt1 ?? 0,
    pass: (byCategory.typo?.successAt1 ?? 0) === 1,
    target: "100 %",
  },
  { name: "right listing first overall", value: overall.successAt1, pass: overall.successAt1 >= 0.9, target: ">= 90 %" },
  { name: "MRR overall", value: overall.mrr, pass: overall.mrr >= 0.9, target: ">= 0.9" },
];
const misses = scored.filter((s) => s.rank !== 1);
const machine = machineInfo();
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

writeResult(`relevance-${TIER}-${dateStamp()}.json`, { tier: TIER, machine, overall, byCategory, targets, queries: scored });
const lines = [
  "# Search relevance",
  "",
  `${scored.length} labelled queries (bench/datasets/relevance-queries.json) over the ${args.listings}-listing demo directory, ` +
    `asked through searchListings as a ${TIER} viewer, the first ${DEPTH} results read. Run: \`npm run bench:relevance\`.`,
  "",
  machineMarkdown(machine),
  "",
  "| category | queries | MRR | success@1 | success@5 |",
  "|---|---|---|---|---|",
  ...categories.map((c) => {
    const s = byCategory[c]!;
    return `| ${c} | ${s.queries} | ${s.mrr.toFixed(3)} | ${pct(s.successAt1)} | ${pct(s.successAt5)} |`;
  }),
  `| **all** | ${overall.queries} | **${overall.mrr.toFixed(3)}** | ${pct(overall.successAt1)} | ${pct(overall.successAt5)} |`,
  "",
  ...targets.map(
    (t) => `- ${t.pass ? "PASS" : "FAIL"} ${t.name}: ${t.name.startsWith("MRR") ? t.value.toFixed(3) : pct(t.value)} (target ${t.target})`,
  ),
  "",
  "## Queries not answered at rank 1",
  "",
  ...(misses.length
    ? misses.map(
        (s) => `- ${s.category} "${s.query}": rank ${s.rank ?? "none"} of ${s.found} found; first: ${s.top.join(", ") || "(nothing)"}`,
      )
    : ["None."]),
];
writeResult(TIER === "premium" ? "relevance-latest.md" : `relevance-latest-${TIER}.md`, lines.join("\n") + "\n");
console.log(lines.slice(6).join("\n"));
if (args.strict && targets.some((t) => !t.pass)) process.exit(1);
