/**
 * Writes bench/datasets/companies-with-urls.csv: our own labelled set for the signals the public sets lack
 * (website and LinkedIn URLs), deterministic from a seed. Columns: id,name,website,linkedin,country,entity.
 *
 * What it exercises: the same company written differently (legal forms, case, punctuation, "The", one word or
 * two) with its URLs written differently (scheme, www, paths, query strings, LinkedIn subdomains and case, some
 * missing); and hard negatives: different companies with the same or nearly the same name (other domain, other
 * LinkedIn page, other country), numbered sites, and companies whose only web address is a shared host.
 *
 * Run: npx tsx bench/make-url-dataset.ts
 */
import { writeFileSync } from "node:fs";
import { Random } from "#demo/random.ts";

const rng = new Random(20261123);
const FIRST = [
  "Nova",
  "Arbor",
  "Lumen",
  "Vector",
  "Quanta",
  "Helix",
  "Cobalt",
  "Orbit",
  "Sable",
  "Tidal",
  "Ember",
  "Crest",
  "Pioneer",
  "Atlas",
  "Zenith",
  "Harbor",
  "Maple",
  "Granite",
  "Falcon",
  "Summit",
  "Beacon",
  "Prism",
  "Vertex",
  "Willow",
  "Aurora",
  "Cedar",
  "Nimbus",
  "Polar",
  "Radiant",
  "Sierra",
];
const SECOND = [
  "Labs",
  "Robotics",
  "Health",
  "Analytics",
  "Systems",
  "Works",
  "Energy",
  "Logistics",
  "Bio",
  "Security",
  "Finance",
  "Foods",
  "Mobility",
  "Learning",
  "Networks",
  "Studio",
  "Materials",
  "Cloud",
  "Data",
  "Motion",
];
const FORMS = ["", "Inc.", "GmbH", "Ltd", "LLC", "S.A.", "B.V.", "AB", "Oy", "SAS", "Pty Ltd", "Co."];
const COUNTRIES = ["US", "DE", "GB", "FR", "NL", "SE", "FI", "ES", "AU", "CA"];
const TLDS = ["com", "io", "ai", "co", "de", "co.uk", "fr", "nl"];
const SHARED = ["sites.google.com/view/", "wixsite.com/", "linktr.ee/"];

interface Row {
  id: number;
  name: string;
  website: string;
  linkedin: string;
  country: string;
  entity: number;
}

const rows: Row[] = [];
let nextId = 1;
let nextEntity = 1;

function slug(name: string) {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "");
}

function nameVariant(base: string): string {
  const variants = [
    () => base,
    () => `${base} ${rng.pick(FORMS.filter(Boolean))}`,
    () => base.toUpperCase(),
    () => `The ${base}`,
    () => base.replace(" ", ""),
    () => base.replace(" ", "-"),
    () => `${base}, ${rng.pick(["Inc", "Ltd.", "GmbH"])}`,
  ];
  return rng.pick(variants)();
}

function websiteVariant(domain: string): string {
  return rng.pick([
    `https://${domain}`,
    `http://${domain}`,
    `https://www.${domain}/`,
    `www.${domain}`,
    `https://${domain}/about?utm_source=list`,
    `https://app.${domain}/login`,
  ]);
}

function linkedinVariant(page: string): string {
  return rng.pick([
    `https://www.linkedin.com/company/${page}`,
    `https://linkedin.com/company/${page}/`,
    `https://uk.linkedin.com/company/${page}?trk=public`,
    `linkedin.com/company/${page.toUpperCase()}`,
    `https://www.linkedin.com/company/${page}/about/`,
  ]);
}

function add(entity: number, name: string, website: string, linkedin: string, country: string) {
  rows.push({ id: nextId++, name, website, linkedin, country, entity });
}

const used = new Set<string>();
for (let i = 0; i < 260; i++) {
  let base: string;
  do base = `${rng.pick(FIRST)} ${rng.pick(SECOND)}`;
  while (used.has(base));
  used.add(base);
  const entity = nextEntity++;
  const domain = `${slug(base)}.${rng.pick(TLDS)}`;
  const page = `${slug(base)}${rng.chance(0.3) ? `-${rng.pick(["hq", "inc", "global"])}` : ""}`;
  const country = rng.pick(COUNTRIES);
  const copies = rng.pick([1, 1, 2, 2, 2, 3, 3, 4]);
  for (let c = 0; c < copies; c++) {
    add(
      entity,
      c === 0 ? base : nameVariant(base),
      rng.chance(0.8) ? websiteVariant(domain) : "",
      rng.chance(0.7) ? linkedinVariant(page) : "",
      rng.chance(0.85) ? country : "",
    );
  }
  // Hard negative: another company with the same or a near-identical name, elsewhere on the web.
  if (rng.chance(0.25)) {
    const other = nextEntity++;
    const twinName = rng.chance(0.5) ? base : nameVariant(base);
    add(
      other,
      twinName,
      `https://${slug(base)}-${rng.pick(["group", "partners", "global"])}.${rng.pick(TLDS)}`,
      rng.chance(0.6) ? linkedinVariant(`${slug(base)}-${rng.pick(["group", "partners"])}`) : "",
      rng.pick(COUNTRIES),
    );
  }
  // Numbered sites of one organisation are different listings.
  if (rng.chance(0.1)) {
    for (const n of [1, 2]) add(nextEntity++, `${base} ${n}`, rng.chance(0.5) ? websiteVariant(domain) : "", "", country);
  }
  // A company whose only web address is a shared host: sharing the host says nothing.
  if (rng.chance(0.08)) {
    add(
      nextEntity++,
      `${rng.pick(FIRST)} ${rng.pick(["Bakery", "Studio", "Consulting"])}`,
      `https://${rng.pick(SHARED)}${slug(base)}`,
      "",
      country,
    );
  }
}

const csv = (v: string | number) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
const out = [
  "id,name,website,linkedin,country,entity",
  ...rows.map((r) => [r.id, r.name, r.website, r.linkedin, r.country, r.entity].map(csv).join(",")),
];
writeFileSync(new URL("./datasets/companies-with-urls.csv", import.meta.url), `${out.join("\n")}\n`);
console.log(`${rows.length} records, ${nextEntity - 1} entities`);
