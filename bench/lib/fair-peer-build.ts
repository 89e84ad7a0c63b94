/**
 * The fair SQL peer's tables (issue 33), built once per dataset and viewer tier in their own schema, `fair_peer`, and
 * reused while the published listings and the field rules are the same. What a competent SQL implementer keeps:
 * - `<tier>_keys`: one narrow row per published listing, its slot (its place in the default order: featured, name, id),
 *   every filterable key it has as the viewer sees it in one integer array (GIN-indexed; key = dimension * 1,000,000 +
 *   value), and the range and sort values the viewer may see (indexed);
 * - `<tier>_text`: one tsvector per listing of what this viewer can search: its card text (name, tagline, the industries
 *   the card shows) and, where the viewer may open the listing, its description words (GIN-indexed);
 * - `<tier>_cities`: the city codes of the keys.
 * The viewer's gating is applied while building, with the app's own access rules (viewer-options.ts, redact-listing.ts):
 * type, featured and funding stage always; a locked listing only its first industries and geography (the teaser's);
 * countries, personas, business model and the bands, the range values and the value sorts only on listings the viewer
 * may open; revenue range and city where the listing is open and the field's level is within the viewer's tier.
 */
import type { Sql } from "postgres";
import { requiredLevel, TEASER_GEOGRAPHIES, TEASER_INDUSTRIES, type FieldRules } from "~/features/access/redact-listing.ts";
import { toFieldVisibility } from "~/features/access/field-name.ts";
import { canSee, normalizeLevel, type AccessLevel } from "~/features/access/tiers.ts";
import { cityKey } from "~/features/directory/search-index/city-column.ts";
import type { IndexRow } from "~/features/directory/search-index/index-builder.ts";
import { BAND_CODES, raisedBand, teamSizeBand, ticketBands } from "~/features/directory/investor-filters.ts";

/** Dimension numbers of the keys (key = dimension * KEY_SPAN + value). */
export const KEY_DIMENSIONS = {
  entityType: 1,
  featured: 2,
  industries: 3,
  geographies: 4,
  countries: 5,
  personas: 6,
  fundingStages: 7,
  businessModels: 8,
  revenueRanges: 9,
  cities: 10,
  raised: 11,
  teamSize: 12,
  ticketSize: 13,
} as const;
export type KeyDimension = keyof typeof KEY_DIMENSIONS;
export const KEY_SPAN = 1_000_000;
export const TYPE_CODES: Record<string, number> = { startup: 1, investor: 2, partner: 3 };

export const key = (dimension: KeyDimension, value: number) => KEY_DIMENSIONS[dimension] * KEY_SPAN + value;
/** A band's value: its place in the band list, from 1. */
export const bandValue = (filter: keyof typeof BAND_CODES, code: string) =>
  (BAND_CODES[filter] as readonly string[]).indexOf(code.toLowerCase()) + 1;

export interface FairPeerBuild {
  tier: AccessLevel;
  listings: number;
  /** Seconds the build took; of the build that made the tables when they were reused. */
  seconds: number;
  /** With their indexes; the tables alone below. */
  keysMiB: number;
  textMiB: number;
  keysTableMiB: number;
  textTableMiB: number;
  reused: boolean;
  builtAt: string;
}

/** A listing as the peer reads it: the app index's row (the same columns), its type as the database's text. */
type Row = Omit<IndexRow, "type" | "last_investment_ms"> & { type: string };

const KEYS_COLUMNS = [
  "slot",
  "id",
  "open",
  "keys",
  "created_ms",
  "latest_round_ms",
  "last_investment_ms",
  "total_raised",
  "founded_year",
] as const;

/** COPY text format: tabs, newlines and backslashes escaped; \N is null. */
function copyValue(value: string | number | boolean | null): string {
  if (value === null || (typeof value === "number" && !Number.isFinite(value))) return "\\N";
  if (typeof value !== "string") return String(value);
  return value.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r");
}

async function copyInto(sql: Sql, table: string, columns: readonly string[], text: string): Promise<void> {
  if (!text) return;
  const stream = await sql.unsafe(`COPY ${table} (${columns.join(", ")}) FROM STDIN`).writable();
  await new Promise<void>((resolve, reject) => {
    stream.on("error", reject);
    stream.on("finish", resolve);
    stream.end(text);
  });
}

const mib = async (sql: Sql, table: string, size = "pg_total_relation_size") =>
  Math.round(Number((await sql.unsafe<Array<{ n: string }>>(`SELECT ${size}('${table}')::text AS n`))[0]!.n) / 2 ** 20);

const sizes = async (sql: Sql, t: string) => ({
  keysMiB: await mib(sql, `${t}_keys`),
  textMiB: await mib(sql, `${t}_text`),
  keysTableMiB: await mib(sql, `${t}_keys`, "pg_table_size"),
  textTableMiB: await mib(sql, `${t}_text`, "pg_table_size"),
});

/** The peer's tables for this tier: reused when they cover the same published listings under the same rules. */
export async function ensureFairPeer(
  sql: Sql,
  options: { tier: AccessLevel; rules: FieldRules; rebuild: boolean; log: (line: string) => void },
): Promise<FairPeerBuild> {
  const { tier, rules, log } = options;
  const t = `fair_peer.${tier}`;
  const rulesKey = JSON.stringify(Object.entries(rules).sort());
  await sql.unsafe(`CREATE SCHEMA IF NOT EXISTS fair_peer`);
  await sql.unsafe(`CREATE TABLE IF NOT EXISTS fair_peer.builds (tier text PRIMARY KEY, listings int NOT NULL, rules text NOT NULL,
    seconds float8 NOT NULL, built_at timestamptz NOT NULL)`);
  const [{ n: published } = { n: 0 }] = await sql<Array<{ n: number }>>`
    SELECT count(*)::int AS n FROM listings WHERE processing_status = 'published'`;
  const [earlier] = await sql<Array<{ listings: number; rules: string; seconds: number; built_at: Date }>>`
    SELECT listings, rules, seconds, built_at FROM fair_peer.builds WHERE tier = ${tier}`;
  if (!options.rebuild && earlier && earlier.listings === published && earlier.rules === rulesKey) {
    log(`fair peer: reusing ${t}_keys and ${t}_text (${published} listings, built in ${earlier.seconds.toFixed(0)} s)`);
    return {
      tier,
      listings: published,
      seconds: earlier.seconds,
      ...(await sizes(sql, t)),
      reused: true,
      builtAt: earlier.built_at.toISOString(),
    };
  }
  log(`fair peer: building ${t}_keys and ${t}_text for ${published} published listings`);
  const started = performance.now();
  await sql.unsafe(`DROP TABLE IF EXISTS ${t}_keys, ${t}_text, ${t}_card, ${t}_cities`);
  await sql.unsafe(`CREATE TABLE ${t}_keys (slot int NOT NULL, id uuid NOT NULL, open boolean NOT NULL, keys int[] NOT NULL,
    created_ms float8, latest_round_ms float8, last_investment_ms float8, total_raised float8, founded_year int)`);
  await sql.unsafe(`CREATE TABLE ${t}_card (slot int NOT NULL, card text NOT NULL)`);
  await sql.unsafe(`CREATE TABLE ${t}_cities (code int PRIMARY KEY, key text NOT NULL UNIQUE)`);
  const invested = new Map(
    (
      await sql<Array<{ id: string; ms: number }>>`
        SELECT r.investor_id AS id, (extract(epoch FROM max(f.funding_date)) * 1000)::float8 AS ms
        FROM investor_relationships r JOIN funding_rounds f ON f.id = r.funding_round_id
        WHERE r.investor_id IS NOT NULL AND f.funding_date IS NOT NULL GROUP BY r.investor_id`
    ).map((r) => [r.id, r.ms]),
  );
  const industryNames = new Map(
    (await sql<Array<{ id: number; name: string }>>`SELECT id, name FROM industries`).map((r) => [r.id, r.name]),
  );
  const cities = new Map<string, number>();
  let slot = 0;
  let keysText = "";
  let cardText = "";
  const flush = async () => {
    await copyInto(sql, `${t}_keys`, KEYS_COLUMNS, keysText);
    await copyInto(sql, `${t}_card`, ["slot", "card"], cardText);
    keysText = cardText = "";
  };
  const cursor = sql<Row[]>`
    SELECT id, type, featured, industry_ids, geography_ids, country_ids, persona_ids, funding_stage_id, business_model_id,
           revenue_range_id, visibility, NULLIF(field_visibility, '{}'::jsonb) AS field_visibility, name, tagline,
           (extract(epoch FROM created_at) * 1000)::float8 AS created_ms,
           (extract(epoch FROM coalesce(latest_round_date, funding_date)) * 1000)::float8 AS latest_round_ms,
           total_funding_raised::float8 AS total_raised, founded_year, team_size, ticket_size, hq_city
    FROM listings WHERE processing_status = 'published' ORDER BY featured DESC, name, id`.cursor(5000);
  for await (const rows of cursor) {
    for (const row of rows) {
      const peer = peerRow(row, { tier, rules, cities, invested, industryNames });
      keysText += `${[slot, ...peer.keys].map(copyValue).join("\t")}\n`;
      cardText += `${slot}\t${copyValue(peer.card)}\n`;
      slot++;
    }
    if (keysText.length > 4_000_000) await flush();
  }
  await flush();
  await copyInto(sql, `${t}_cities`, ["code", "key"], [...cities].map(([k, code]) => `${code}\t${copyValue(k)}\n`).join(""));
  log(`fair peer: ${slot} rows loaded in ${((performance.now() - started) / 1000).toFixed(0)} s; indexing`);
  await indexPeerTables(sql, t);
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  await sql`INSERT INTO fair_peer.builds (tier, listings, rules, seconds, built_at) VALUES (${tier}, ${slot}, ${rulesKey}, ${seconds}, now())
    ON CONFLICT (tier) DO UPDATE SET listings = excluded.listings, rules = excluded.rules, seconds = excluded.seconds, built_at = excluded.built_at`;
  const build = {
    tier,
    listings: slot,
    seconds,
    ...(await sizes(sql, t)),
    reused: false,
    builtAt: new Date().toISOString(),
  };
  log(
    `fair peer: built in ${seconds} s (keys ${build.keysTableMiB} MB + indexes ${build.keysMiB - build.keysTableMiB} MB, text ${build.textMiB} MB)`,
  );
  return build;
}

interface PeerContext {
  tier: AccessLevel;
  rules: FieldRules;
  /** Cities as the viewer may filter by them, numbered as they are first met (filled in here). */
  cities: Map<string, number>;
  /** An investor's latest investment, in ms. */
  invested: Map<string, number>;
  industryNames: Map<number, string>;
}

/**
 * One listing as the peer holds it for this viewer: its filter keys and sort values (gated as the card gates them; the
 * slot goes in front) and its card text. A locked listing keeps only its teaser's keys.
 */
function peerRow(
  row: Row,
  { tier, rules, cities, invested, industryNames }: PeerContext,
): { keys: Array<string | number | null>; card: string } {
  const fieldSeen = (field: "revenueRange" | "hqCity") =>
    canSee(tier, requiredLevel(field, { fieldVisibility: toFieldVisibility(row.field_visibility) }, rules));
  const open = canSee(tier, normalizeLevel(row.visibility));
  const keys: number[] = [key("entityType", TYPE_CODES[row.type] ?? 0)];
  if (row.featured) keys.push(key("featured", 1));
  const industries = open ? (row.industry_ids ?? []) : (row.industry_ids ?? []).slice(0, TEASER_INDUSTRIES);
  const geographies = open ? (row.geography_ids ?? []) : (row.geography_ids ?? []).slice(0, TEASER_GEOGRAPHIES);
  for (const id of new Set(industries)) keys.push(key("industries", id));
  for (const id of new Set(geographies)) keys.push(key("geographies", id));
  if (row.funding_stage_id !== null) keys.push(key("fundingStages", row.funding_stage_id));
  if (open) {
    for (const id of new Set(row.country_ids ?? [])) keys.push(key("countries", id));
    for (const id of new Set(row.persona_ids ?? [])) keys.push(key("personas", id));
    if (row.business_model_id !== null) keys.push(key("businessModels", row.business_model_id));
    const raised = raisedBand(row.total_raised);
    if (raised) keys.push(key("raised", bandValue("raised", raised)));
    const team = teamSizeBand(row.team_size);
    if (team) keys.push(key("teamSize", bandValue("teamSize", team)));
    for (const band of ticketBands(row.ticket_size)) keys.push(key("ticketSize", bandValue("ticketSize", band)));
    if (row.revenue_range_id !== null && fieldSeen("revenueRange")) keys.push(key("revenueRanges", row.revenue_range_id));
    if (row.hq_city && fieldSeen("hqCity")) {
      const k = cityKey(row.hq_city);
      if (k) {
        if (!cities.has(k)) cities.set(k, cities.size + 1);
        keys.push(key("cities", cities.get(k)!));
      }
    }
  }
  const gated = (value: number | null) => (open ? value : null);
  const values = [
    row.id,
    open ? "t" : "f",
    `{${keys.join(",")}}`,
    row.created_ms,
    gated(row.latest_round_ms),
    gated(row.type === "investor" ? (invested.get(row.id) ?? null) : null),
    gated(row.total_raised),
    gated(row.founded_year),
  ];
  return { keys: values, card: [row.name, row.tagline ?? "", ...industries.map((id) => industryNames.get(id) ?? "")].join(" ") };
}

/** The peer's indexes, and its text table: what this viewer can search per listing. */
async function indexPeerTables(sql: Sql, t: string): Promise<void> {
  await sql.begin(async (tx) => {
    await tx.unsafe(`SET LOCAL maintenance_work_mem = '256MB'`);
    await tx.unsafe(`ALTER TABLE ${t}_keys ADD PRIMARY KEY (slot)`);
    await tx.unsafe(`CREATE INDEX ON ${t}_keys USING gin (keys)`);
    for (const column of ["created_ms", "latest_round_ms", "last_investment_ms", "total_raised", "founded_year"])
      await tx.unsafe(`CREATE INDEX ON ${t}_keys (${column} DESC NULLS LAST, slot)`);
    // What this viewer can search per listing: the card's words, and the description's where the listing is open.
    await tx.unsafe(`CREATE TABLE ${t}_text AS
      SELECT c.slot, to_tsvector('english', c.card) || CASE WHEN k.open THEN coalesce(d.terms, ''::tsvector) ELSE ''::tsvector END AS doc
      FROM ${t}_card c JOIN ${t}_keys k ON k.slot = c.slot LEFT JOIN listing_description_terms d ON d.listing_id = k.id`);
    await tx.unsafe(`ALTER TABLE ${t}_text ADD PRIMARY KEY (slot)`);
    await tx.unsafe(`CREATE INDEX ON ${t}_text USING gin (doc)`);
    await tx.unsafe(`DROP TABLE ${t}_card`);
  });
  await sql.unsafe(`VACUUM (ANALYZE) ${t}_keys`);
  await sql.unsafe(`VACUUM (ANALYZE) ${t}_text`);
}
