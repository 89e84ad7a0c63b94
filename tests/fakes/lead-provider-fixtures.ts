/**
 * Deterministic records in the lead-data provider's shape (spec 02 §3 "Provider record (read)") for the local fake
 * (tests/fakes/lead-provider.ts). A seeded PRNG builds the same universe every time, so the same query always
 * returns the same records and re-running an import is idempotent. The data is realistic on purpose, including
 * the awkward parts the processing rules must handle (spec 02 §5): odd currencies, unusual round names, missing
 * rounds, impossible founding years, descriptions over 5000 characters, contact groups over 5 people, nameless
 * records and now and then a record that fails the record schema outright.
 */

export type FakeRecord = Record<string, unknown>;

/** mulberry32: small, fast and good enough for fixtures; the same seed always gives the same sequence. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CATEGORIES = [
  "Artificial Intelligence",
  "FinTech",
  "Health Care",
  "SaaS",
  "E-Commerce",
  "Clean Energy",
  "Biotechnology",
  "Cyber Security",
  "EdTech",
  "Logistics",
  "Real Estate",
  "Food and Beverage",
];
const COUNTRIES = ["United States", "United Kingdom", "Germany", "France", "India", "Canada", "Japan", "China", "Singapore", "Brazil"];
const CURRENCIES = ["USD", "USD", "USD", "EUR", "GBP", "JPY", "CNY", "INR", "CAD", "'usd'", "usd", "AUD"];
const ROUNDS = ["Seed", "Series A", "Series B", "pre_seed", "Pre-Seed", "grant", "Series C", "series-d", "Venture Round", null, undefined];
const DEALS = ["Acquisition", "Merger", "Acquihire"];
const PREFIXES = [
  "Nova",
  "Blue",
  "Quantum",
  "Green",
  "Bright",
  "Tidal",
  "Iron",
  "Silver",
  "Lumen",
  "Atlas",
  "Cedar",
  "Vertex",
  "Pulse",
  "Orbit",
];
const SUFFIXES = ["Labs", "AI", "Health", "Pay", "Grid", "Works", "Logic", "Systems", "Cloud", "Bio", "Commerce", "Energy", "Robotics"];
const FIRST = ["Ada", "Grace", "Alan", "Priya", "Kenji", "Amara", "Lucas", "Sofia", "Mateo", "Chen", "Fatima", "Oliver", "Ines", "Rahul"];
const LAST = ["Lovelace", "Hopper", "Turing", "Sharma", "Tanaka", "Okafor", "Martin", "Rossi", "García", "Wei", "Haddad", "Smith", "Costa"];
const TITLES = ["CTO", "COO", "CFO", "VP Engineering", "Head of Sales", "Head of Product", "Marketing Lead", "Software Engineer"];
const FUNDS = [
  "Sequoia Capital",
  "Accel",
  "Index Ventures",
  "Y Combinator",
  "SoftBank Vision Fund",
  "Balderton",
  "Lightspeed",
  "Techstars",
];
const SIZES = ["1-10", "11-50", "51-200", "201-500", "501-1000"];

export const FUNDING_COUNT = 240;
const MA_COUNT = 120;

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function makeRecord(endpoint: "funding" | "m-a", index: number, count: number): FakeRecord {
  const rand = prng((endpoint === "funding" ? 1000 : 5000) + index);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const person = (title: string) => {
    const name = `${pick(FIRST)} ${pick(LAST)}`;
    return {
      name,
      email: `${slug(name).replace(/-/g, ".")}@${domain}`,
      linkedin_url: `https://www.linkedin.com/in/${slug(name)}-${index}`,
      title,
    };
  };

  // The index in the name keeps every company distinct, so duplicates in a run are the importer's doing, not ours.
  const name = `${pick(PREFIXES)} ${pick(SUFFIXES)} ${index + 1}`;
  const domain = `${slug(name)}.${pick(["com", "io", "ai", "co"])}`;
  const categories = [...new Set([pick(CATEGORIES), pick(CATEGORIES)])];
  const country = pick(COUNTRIES);
  const nextYear = new Date().getUTCFullYear() + 1;
  const year_founded =
    index % 29 === 7 ? 1700 : index % 31 === 11 ? nextYear : index % 13 === 5 ? String(2005 + (index % 18)) : 2000 + (index % 24);
  const ceo = person("CEO");
  const leadership = [ceo, ...TITLES.slice(0, 5).map(person)];
  const engineering = Array.from({ length: 2 + (index % 6) }, () => person(pick(TITLES)));
  // Spread over two years (2024-2025) whatever the endpoint's size, so date filters bite on both.
  const spread = Math.floor((index * 730) / count);
  const day = new Date(Date.UTC(2024, 0, 1) + (spread + Math.floor(rand() * 2)) * 86_400_000);
  const sentence = `${name} builds ${categories.join(" and ").toLowerCase()} products for customers in ${country}. `;
  const description = index % 17 === 3 ? sentence.repeat(Math.ceil(5600 / sentence.length)) : `${sentence}Founded by ${ceo.name}.`;
  const amount = Math.round((50_000 + rand() * 50_000_000) / 1000) * 1000;

  const record: FakeRecord = {
    id: `lot-${endpoint === "funding" ? "f" : "m"}-${String(index + 1).padStart(5, "0")}`,
    company_name: index % 23 === 9 ? "" : index % 41 === 20 ? undefined : name,
    company_info: {
      website: index % 11 === 4 ? domain : `https://www.${domain}`,
      description,
      categories: index % 5 === 2 ? categories.join(", ") : categories,
      hq_country: country,
      year_founded,
      size: pick(SIZES),
      // Now and then a logo that is gone from its host (a 404): the import keeps the monogram and counts it.
      logo_url: index % 10 === 6 ? `https://logo.example/missing/${domain}.png` : `https://logo.example/${domain}.png`,
      keywords: [categories[0]!.toLowerCase(), "startup"],
      specialities: categories,
      linkedin_url: `https://www.linkedin.com/company/${slug(name)}`,
      twitter_url: index % 3 === 0 ? null : `https://twitter.com/${slug(name)}`,
      facebook_url: null,
    },
    main_category: categories[0],
    funding_amount: index % 7 === 1 ? amount.toLocaleString("en-US") : index % 19 === 6 ? null : amount,
    currency: pick(CURRENCIES),
    round_type: endpoint === "funding" ? pick(ROUNDS) : null,
    investors: Array.from({ length: index % 4 }, () => {
      const fund = pick(FUNDS);
      return { name: fund, linkedin_url: `https://www.linkedin.com/company/${slug(fund)}` };
    }),
    contact_info: {
      employees: { Leadership: leadership, Engineering: engineering },
      company_linkedin_url: `https://www.linkedin.com/company/${slug(name)}`,
    },
    ceo,
    historical_headcount: [
      { date: "2024-01", headcount: 5 + (index % 40) },
      { date: "2025-01", headcount: 8 + (index % 60) },
    ],
    growth_info: { headcount_growth_12m: Math.round(rand() * 100) / 100 },
    taken_from: `https://www.leadsontrees.com/news/${slug(name)}-${endpoint === "funding" ? "raises-funding" : "is-acquired"}`,
    date_seen: `${day.toISOString().slice(0, 10)}T09:30:00`,
  };
  if (endpoint === "m-a") record.deal_type = pick(DEALS);
  // Now and then a record the schema must refuse (employees as text): the client counts it as dropped.
  if (index % 37 === 13) record.contact_info = { employees: "see website" };
  return record;
}

/** `count` records for an endpoint, newest first (as a news feed lists them); the benchmark asks for thousands. */
export function generateRecords(endpoint: "funding" | "m-a", count: number): FakeRecord[] {
  const records = Array.from({ length: count }, (_, i) => makeRecord(endpoint, i, count));
  return records.sort((a, b) => String(b.date_seen).localeCompare(String(a.date_seen)) || String(a.id).localeCompare(String(b.id)));
}

const universes = new Map<string, FakeRecord[]>();

/** Every record the fake knows for an endpoint by default. */
export function allRecords(endpoint: "funding" | "m-a"): FakeRecord[] {
  let records = universes.get(endpoint);
  if (!records) {
    records = generateRecords(endpoint, endpoint === "funding" ? FUNDING_COUNT : MA_COUNT);
    universes.set(endpoint, records);
  }
  return records;
}

/** "Series A", "series_a" and "series-a" are the same round to a filter. */
const roundKey = (value: unknown) =>
  String(value ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
const listParam = (params: URLSearchParams, key: string) =>
  (params.get(key) ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/** The provider's filters, as the fake reads them: lists match any value, case-insensitively. */
export function filterRecords(records: FakeRecord[], params: URLSearchParams, endpoint: "funding" | "m-a"): FakeRecord[] {
  const categories = listParam(params, "category");
  const countries = listParam(params, "country");
  const rounds = endpoint === "funding" ? listParam(params, "round").map(roundKey) : [];
  const from = params.get("dateFrom");
  const to = params.get("dateTo");
  const website = params
    .get("website")
    ?.toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/^www\./, "")
    .replace(/\/.*$/, "");
  const linkedin = params.get("linkedinUrl")?.toLowerCase().replace(/\/+$/, "");
  return records.filter((r) => {
    const info = (r.company_info ?? {}) as Record<string, unknown>;
    const cats = Array.isArray(info.categories) ? info.categories : String(info.categories ?? "").split(",");
    const day = String(r.date_seen).slice(0, 10);
    if (categories.length && !cats.some((c) => categories.includes(String(c).trim().toLowerCase()))) return false;
    if (countries.length && !countries.includes(String(info.hq_country).toLowerCase())) return false;
    if (rounds.length && !rounds.includes(roundKey(r.round_type))) return false;
    if (from && day < from) return false;
    if (to && day > to) return false;
    if (website && !String(info.website).toLowerCase().includes(website)) return false;
    if (
      linkedin &&
      String(info.linkedin_url)
        .toLowerCase()
        .replace(/^https?:\/\/(www\.)?/, "") !== linkedin.replace(/^https?:\/\/(www\.)?/, "")
    )
      return false;
    return true;
  });
}
