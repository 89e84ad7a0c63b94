/**
 * Duplicate detection, measured (issue 5): pairwise precision and recall of the auto-merge band and of auto-merge
 * plus review, the size of the review band and its share of true pairs, on the labelled sets in
 * ../shared/datasets/dedupe/, on our own sets (bench/datasets/: companies with website and LinkedIn URLs, a group's brands
 * and renames, a holdout-style company set with typos, glued legal forms and namesakes abroad), and on any CSV with
 * the columns id,name,website,linkedin,country,entity (--csv). Each set is loaded as listings into a fresh
 * embedded database and scanned by the product's own code (blocking in the database, scoring in TypeScript).
 * Then the speed: a full scan of 100,000 listings (twice), with memory, and the one-off cost of working out every
 * listing's match columns again.
 *
 *   npm run bench:dedupe                       all sets and the 100k scan
 *   npm run bench:dedupe -- --csv my.csv       one more labelled set
 *   npm run bench:dedupe -- --skip-speed       accuracy only
 *
 * Results: bench/results/dedupe-<date>.json and bench/results/dedupe-latest.md.
 */
import { sql } from "drizzle-orm";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { listings } from "#db/schema/listings.ts";
import { normalizePhoneNumber } from "~/features/catalog/phone-number.ts";
import { findDuplicates, refreshMatchColumns, type ScoredPair } from "~/features/duplicates/server/duplicate-scan.server.ts";
import { AUTO_MERGE_AT, prepare, REVIEW_AT, scorePair } from "~/features/duplicates/matching/match-score.ts";
import { openDatabase } from "~/lib/db.server.ts";
import { parseCsv } from "./lib/csv.ts";
import { prepareDatabase } from "./lib/databases.ts";
import { DATA_DIR, dateStamp, log, machineInfo, machineMarkdown, REPO_ROOT, writeResult } from "./lib/machine.ts";

const { values: args } = parseArgs({
  options: {
    csv: { type: "string", multiple: true, default: [] },
    "skip-speed": { type: "boolean", default: false },
    listings: { type: "string", default: "100000" },
    shared: { type: "string", default: path.join(REPO_ROOT, "../shared/datasets/dedupe") },
    explain: { type: "string" },
    help: { type: "boolean", default: false },
  },
});

if (args.help) {
  console.log(`npm run bench:dedupe -- [options]
  --csv FILE          one more labelled set (columns id,name,website,linkedin,country,entity); may be repeated
  --skip-speed        accuracy only, without the full scan
  --explain DIR       write each set's missed true pairs and false flagged pairs (names, score, reasons) to DIR
  --listings 100000   listings in the speed scan
  --shared DIR        the shared labelled sets (default ../shared/datasets/dedupe beside the repository; skipped when absent)`);
  process.exit(0);
}

interface LabelledRecord {
  id: string;
  name: string;
  website: string;
  linkedin: string;
  country: string;
  entity: string;
  /** As the set writes them; the phone is normalised to E.164 before it reaches the matcher. */
  phone?: string;
  street?: string;
  city?: string;
}

interface SetResult {
  set: string;
  records: number;
  entities: number;
  truePairs: number;
  candidatePairs: number;
  autoMerge: { pairs: number; correct: number; precision: number; recall: number };
  review: { pairs: number; correct: number; trueShare: number };
  autoPlusReview: { precision: number; recall: number };
  seconds: number;
}

const clean = (s: string | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

function loadChicago(dir: string): LabelledRecord[] {
  const rows = parseCsv(readFileSync(path.join(dir, "chicago_early_childhood/csv_example_input_with_true_ids.csv"), "utf8"));
  return rows.map((r) => ({
    id: r.Id!,
    name: clean(r["Site name"]),
    website: clean(r.Website),
    linkedin: "",
    country: "",
    entity: r["True Id"]!,
    // Not the address: the set's labels were built from street number and ZIP (see its README). The phones are
    // written as seven local digits; an area code (312) makes them parse, and the same seven digits stay the same
    // number, which is all the matcher compares.
    phone: /^\d{7}$/.test(clean(r.Phone)) ? `312${clean(r.Phone)}` : clean(r.Phone),
  }));
}

function loadFodorsZagats(dir: string): LabelledRecord[] {
  const base = path.join(dir, "fodors_zagats");
  const matches = parseCsv(readFileSync(path.join(base, "matches_fodors_zagats.csv"), "utf8"));
  const entityOf = new Map<string, string>();
  for (const m of matches) {
    entityOf.set(`f${m.fodors_id}`, `m${m.fodors_id}`);
    entityOf.set(`z${m.zagats_id}`, `m${m.fodors_id}`);
  }
  const read = (file: string, prefix: string) =>
    parseCsv(readFileSync(path.join(base, file), "utf8")).map((r) => {
      const id = `${prefix}${r.id}`;
      return {
        id,
        name: clean(r.name),
        website: "",
        linkedin: "",
        country: "",
        entity: entityOf.get(id) ?? id,
        phone: clean(r.phone),
        street: clean(r.addr),
        city: clean(r.city),
      };
    });
  return [...read("fodors.csv", "f"), ...read("zagats.csv", "z")];
}

function loadGeneric(file: string): LabelledRecord[] {
  return parseCsv(readFileSync(file, "utf8")).map((r) => ({
    id: r.id!,
    name: clean(r.name),
    website: clean(r.website),
    linkedin: clean(r.linkedin),
    country: clean(r.country),
    entity: clean(r.entity),
  }));
}

function truePairCount(records: LabelledRecord[]): number {
  const sizes = new Map<string, number>();
  for (const r of records) sizes.set(r.entity, (sizes.get(r.entity) ?? 0) + 1);
  return [...sizes.values()].reduce((sum, n) => sum + (n * (n - 1)) / 2, 0);
}

/** Loads the records as listings of a fresh in-memory database and runs the product's scan over them. */
async function measureSet(set: string, records: LabelledRecord[]): Promise<SetResult> {
  const database = await openDatabase({ dir: "memory://" });
  await database.migrate();
  const countryIds = new Map<string, number>();
  const idOf = new Map<string, LabelledRecord>();
  const inserted: string[] = [];
  for (let i = 0; i < records.length; i += 500) {
    const chunk = records.slice(i, i + 500);
    const rows = await database.db
      .insert(listings)
      .values(
        chunk.map((r, j) => ({
          slug: `bench-${i + j}`,
          type: "startup" as const,
          name: r.name || "(no name)",
          websiteUrl: r.website || null,
          linkedinUrl: r.linkedin || null,
          countryIds: r.country ? [countryIds.get(r.country) ?? countryIds.set(r.country, countryIds.size + 1).get(r.country)!] : [],
          // Both labelled sets with phones are American.
          phone: r.phone ? normalizePhoneNumber(r.phone, "US") : null,
          hqStreet: r.street || null,
          hqCity: r.city || null,
        })),
      )
      .returning({ id: listings.id });
    rows.forEach((row, j) => {
      const record = chunk[j]!;
      idOf.set(row.id, record);
      inserted.push(row.id);
    });
  }
  const started = performance.now();
  const pairs = await findDuplicates(database, { includeUnflagged: true });
  const seconds = (performance.now() - started) / 1000;
  await database.close();

  const truePairs = truePairCount(records);
  const same = (a: string, b: string) => idOf.get(a)!.entity === idOf.get(b)!.entity;
  if (args.explain) explain(set, records, pairs, idOf);
  const auto = pairs.filter((p) => p.band === "auto_merge");
  const review = pairs.filter((p) => p.band === "review");
  const autoCorrect = auto.filter((p) => same(p.a, p.b)).length;
  const reviewCorrect = review.filter((p) => same(p.a, p.b)).length;
  const ratio = (a: number, b: number) => (b ? Math.round((a / b) * 10000) / 10000 : 1);
  return {
    set,
    records: records.length,
    entities: new Set(records.map((r) => r.entity)).size,
    truePairs,
    candidatePairs: pairs.length,
    autoMerge: {
      pairs: auto.length,
      correct: autoCorrect,
      precision: ratio(autoCorrect, auto.length),
      recall: ratio(autoCorrect, truePairs),
    },
    review: { pairs: review.length, correct: reviewCorrect, trueShare: ratio(reviewCorrect, review.length) },
    autoPlusReview: {
      precision: ratio(autoCorrect + reviewCorrect, auto.length + review.length),
      recall: ratio(autoCorrect + reviewCorrect, truePairs),
    },
    seconds: Math.round(seconds * 100) / 100,
  };
}

/**
 * For tuning: the true pairs the scan missed (scored, or never compared) and the false pairs it flagged, each with
 * both records and the scan's reasons, as JSON in --explain DIR.
 */
function explain(set: string, records: LabelledRecord[], pairs: ScoredPair[], idOf: Map<string, LabelledRecord>) {
  const scored = new Map(pairs.map((p) => [[idOf.get(p.a)!.id, idOf.get(p.b)!.id].sort().join("|"), p]));
  const byEntity = Map.groupBy(records, (r) => r.entity);
  const missed = [...byEntity.values()].flatMap((group) =>
    group.flatMap((x, i) =>
      group.slice(i + 1).flatMap((y) => {
        const pair = scored.get([x.id, y.id].sort().join("|"));
        return pair && pair.band !== "none" ? [] : [{ x, y, score: pair?.score ?? null, reasons: pair?.reasons ?? ["not compared"] }];
      }),
    ),
  );
  const falseFlagged = pairs
    .filter((p) => p.band !== "none" && idOf.get(p.a)!.entity !== idOf.get(p.b)!.entity)
    .map((p) => ({ x: idOf.get(p.a), y: idOf.get(p.b), score: p.score, band: p.band, reasons: p.reasons }));
  mkdirSync(args.explain!, { recursive: true });
  const file = path.join(args.explain!, `${set.replace(/[^a-z0-9]+/gi, "-")}.json`);
  const compared = pairs.map((p) => ({
    x: idOf.get(p.a)!.id,
    y: idOf.get(p.b)!.id,
    same: idOf.get(p.a)!.entity === idOf.get(p.b)!.entity,
    score: p.score,
    band: p.band,
    reasons: p.reasons,
  }));
  writeFileSync(file, JSON.stringify({ missed, falseFlagged, records, compared }, null, 1));
  log(`explained in ${file}: ${missed.length} missed, ${falseFlagged.length} false flagged`);
}

/** The hand-written name pairs: scored pair by pair (no blocking), rarity from the names in the file. */
function measureNamePairs(dir: string): SetResult {
  const rows = parseCsv(readFileSync(path.join(dir, "company_name_pairs_smoke/test_data.csv"), "utf8"));
  const started = performance.now();
  const keyCounts = new Map<string, number>();
  const prepared = rows.map((r) => [prepare({ id: "x", name: r.Name_x! }), prepare({ id: "y", name: r.Name_y! })] as const);
  for (const [x, y] of prepared)
    for (const w of new Set([...x.nameKey.tokens, ...y.nameKey.tokens])) keyCounts.set(w, (keyCounts.get(w) ?? 0) + 1);
  const total = rows.length * 2;
  const weight = (w: string) => Math.log(1 + total / (keyCounts.get(w) ?? 1));
  let auto = 0;
  let autoCorrect = 0;
  let review = 0;
  let reviewCorrect = 0;
  let truePairs = 0;
  prepared.forEach(([x, y], i) => {
    const match = rows[i]!.Targets === "1";
    if (match) truePairs++;
    const { band } = scorePair(x, y, { weight });
    if (band === "auto_merge") {
      auto++;
      if (match) autoCorrect++;
    } else if (band === "review") {
      review++;
      if (match) reviewCorrect++;
    }
  });
  const ratio = (a: number, b: number) => (b ? Math.round((a / b) * 10000) / 10000 : 1);
  return {
    set: "company_name_pairs_smoke (pairwise)",
    records: rows.length * 2,
    entities: rows.length * 2 - truePairs,
    truePairs,
    candidatePairs: rows.length,
    autoMerge: { pairs: auto, correct: autoCorrect, precision: ratio(autoCorrect, auto), recall: ratio(autoCorrect, truePairs) },
    review: { pairs: review, correct: reviewCorrect, trueShare: ratio(reviewCorrect, review) },
    autoPlusReview: { precision: ratio(autoCorrect + reviewCorrect, auto + review), recall: ratio(autoCorrect + reviewCorrect, truePairs) },
    seconds: Math.round((performance.now() - started) / 10) / 100,
  };
}

async function measureSpeed(count: number) {
  const { database, info } = await prepareDatabase({
    engine: "pglite",
    dir: path.join(DATA_DIR, `pglite-${count}`),
    listings: count,
    allowReset: true,
    log,
  });
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const runs: number[] = [];
  let flagged = 0;
  let rekeySeconds: number;
  try {
    // Match columns missing from an older benchmark database (seeded before the seed wrote them) are worked out
    // first, untimed: every write path and the seed now write them with the listing.
    const stale = await refreshMatchColumns(database);
    if (stale) log(`worked out the match columns of ${stale} listings seeded without them`);
    // The first scan is the one an operator waits for after a start; the second, of a warm process.
    for (let i = 0; i < 2; i++) {
      const started = performance.now();
      const pairs = await findDuplicates(database);
      runs.push((performance.now() - started) / 1000);
      flagged = pairs.length;
      log(`scan ${i + 1}: ${runs[i]!.toFixed(1)} s, ${pairs.length} pairs flagged`);
    }
    // What a matcher change that re-keys every listing costs once (a migration setting match_key to NULL, as 0025 did
    // for the names it could change): the emptying is untimed, the working out again is timed, and leaves the
    // database keyed for the next run.
    log("emptying every listing's match columns (untimed) ...");
    await database.rows(sql`UPDATE listings SET match_key = NULL`);
    const started = performance.now();
    const rekeyed = await refreshMatchColumns(database);
    rekeySeconds = (performance.now() - started) / 1000;
    log(`worked out the match columns of ${rekeyed} listings again: ${rekeySeconds.toFixed(1)} s`);
  } finally {
    clearInterval(sampler);
    await database.close();
  }
  return {
    listings: info.listings,
    engine: "pglite",
    firstScanSeconds: Math.round(runs[0]! * 10) / 10,
    scanSeconds: Math.round(runs[1]! * 10) / 10,
    rekeySeconds: Math.round(rekeySeconds * 10) / 10,
    flaggedPairs: flagged,
    peakRssMb: Math.round(peakRss / 1024 / 1024),
  };
}

const results: SetResult[] = [];
const shared = path.resolve(args.shared);
if (existsSync(shared)) {
  log("chicago_early_childhood ...");
  results.push(await measureSet("chicago_early_childhood", loadChicago(shared)));
  log("fodors_zagats ...");
  results.push(await measureSet("fodors_zagats", loadFodorsZagats(shared)));
  results.push(measureNamePairs(shared));
} else log(`no shared datasets at ${shared}: skipping them`);
log("companies-with-urls (ours) ...");
results.push(await measureSet("companies-with-urls (ours)", loadGeneric(path.join(REPO_ROOT, "bench/datasets/companies-with-urls.csv"))));
// Issue 32's sets, made by bench/make-group-brands-dataset.ts and bench/make-holdout-dataset.ts (how: their headers).
log("group-brands (ours) ...");
results.push(await measureSet("group-brands (ours)", loadGeneric(path.join(REPO_ROOT, "bench/datasets/group-brands.csv"))));
log("companies-holdout (ours) ...");
results.push(await measureSet("companies-holdout (ours)", loadGeneric(path.join(REPO_ROOT, "bench/datasets/companies-holdout.csv"))));
for (const file of args.csv ?? []) {
  log(`${file} ...`);
  results.push(await measureSet(path.basename(file), loadGeneric(path.resolve(file))));
}

for (const r of results) {
  log(
    `${r.set}: auto-merge precision ${r.autoMerge.precision} recall ${r.autoMerge.recall} (${r.autoMerge.pairs} pairs) · auto+review recall ${r.autoPlusReview.recall} · review ${r.review.pairs} pairs, ${(r.review.trueShare * 100).toFixed(0)}% true`,
  );
}

const speed = args["skip-speed"] ? null : await measureSpeed(Number(args.listings));
const machine = machineInfo();
const report = {
  date: new Date().toISOString(),
  bands: { autoMergeAt: AUTO_MERGE_AT, reviewAt: REVIEW_AT },
  results,
  speed,
  machine,
};
writeResult(`dedupe-${dateStamp()}.json`, report);
const table = [
  "| set | records | true pairs | auto-merge precision | auto-merge recall | auto + review recall | review band (share true) |",
  "|---|---|---|---|---|---|---|",
  ...results.map(
    (r) =>
      `| ${r.set} | ${r.records} | ${r.truePairs} | ${r.autoMerge.precision} (${r.autoMerge.pairs}) | ${r.autoMerge.recall} | ${r.autoPlusReview.recall} | ${r.review.pairs} (${(r.review.trueShare * 100).toFixed(0)}%) |`,
  ),
];
const written = writeResult(
  "dedupe-latest.md",
  [
    "# Duplicate detection benchmark",
    "",
    `Bands: auto-merge at ${AUTO_MERGE_AT} or more, review from ${REVIEW_AT}. Pairwise counts; "true pairs" are all pairs of records of one entity.`,
    "",
    ...table,
    "",
    speed
      ? `Full scan of ${speed.listings} listings (${speed.engine}): ${speed.firstScanSeconds} s the first time after a start, ${speed.scanSeconds} s the second; ${speed.flaggedPairs} pairs flagged, peak RSS ${speed.peakRssMb} MB. Working out every listing's match columns again (once, after a matcher change that re-keys them all): ${speed.rekeySeconds} s.`
      : "Speed not measured (--skip-speed).",
    "",
    "Extra columns passed to the matcher: Chicago's phone; Fodor's/Zagat's street, city and phone (phones normalised to E.164 as US numbers). Not Chicago's address: its labels were built from it.",
    "",
    machineMarkdown(machine),
  ].join("\n"),
);
log(`written ${written}`);
