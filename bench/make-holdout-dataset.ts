/**
 * Writes bench/datasets/companies-holdout.csv: a labelled company set in the manner of issue 32's holdout, for the
 * ways records of one company differ that companies-with-urls.csv does not exercise. Deterministic from its seed;
 * its words are not those of companies-with-urls.csv. Columns: id,name,website,linkedin,country,entity.
 *
 * True pairs (one company, 1 to 4 records from different sources), each record written with, by chance:
 * a legal form, or one glued on in any letter case ("lumen securitygmbh", "QUANTUM MEDIAGMBH", "Orchid HealthLtd");
 * a typo in a later word (a letter doubled, dropped, swapped or replaced: "maple agrritech"); a space moved
 * ("NorthS ecurity") or dropped ("PRISMCLOUD"); lower or upper case; "The". Its website (a country's or a generic
 * ending) on 60 % of records, its LinkedIn page (sometimes "-hq" or "-group") on 50 %, neither on about 20 %; its
 * country on 80 %, none on 17 %, another on 3 % (a source that files the company under a subsidiary's country).
 * Some names start with a compass word ("North Security").
 *
 * Hard negatives (other companies): the same name in another country on its own country's domain or LinkedIn page
 * with the same stem ("Atlas Dynamics" atlasdynamics.se, Sweden / linkedin atlasdynamics, Finland); the same name
 * with no URL in another country; a longer name containing the shorter ("Drift Learning Consulting AB"); the same
 * name with another compass word ("South Security").
 *
 * Run: npx tsx bench/make-holdout-dataset.ts
 */
import { Random } from "#demo/random.ts";
import { domainEnding, LabelledSet, linkedinVariant, slug, websiteVariant } from "./lib/labelled-set.ts";

const rng = new Random(20261129);
const FIRST = [
  "Atlas",
  "Drift",
  "Kestrel",
  "Lumen",
  "Maple",
  "Quantum",
  "Prism",
  "Solace",
  "Orchid",
  "Juniper",
  "Cinder",
  "Basalt",
  "Meridian",
  "Halcyon",
  "Vireo",
  "Tundra",
  "Copper",
  "Ivory",
  "Saffron",
  "Marble",
  "Onyx",
  "Pebble",
  "Fathom",
  "Lattice",
  "Keystone",
  "Verdant",
  "Larkspur",
  "Osprey",
  "Bramble",
  "Quill",
  "North",
  "South",
  "East",
  "West",
];
const SECOND = [
  "Agritech",
  "Security",
  "Media",
  "Learning",
  "Dynamics",
  "Cloud",
  "Robotics",
  "Health",
  "Logistics",
  "Analytics",
  "Foods",
  "Energy",
  "Payments",
  "Studio",
  "Materials",
  "Labs",
  "Networks",
  "Biotech",
  "Insurance",
  "Mobility",
  "Software",
  "Systems",
  "Ventures",
  "Design",
  "Therapeutics",
];
const EXTRA = ["Consulting", "Partners", "Solutions", "Services", "International", "Digital"];
const FORMS = ["Inc.", "GmbH", "Ltd", "LLC", "S.A.", "B.V.", "AB", "Oy", "SAS", "Limited", "AG", "ApS"];
const GLUED = ["GmbH", "LLC", "Ltd", "Inc", "AB"];
const COUNTRIES = ["US", "DE", "GB", "FR", "NL", "SE", "FI", "ES", "DK", "NO"];

const set = new LabelledSet();

/** One letter doubled, dropped, swapped with the next, or replaced, past a word's first two letters. */
function typo(word: string): string {
  if (word.length < 5) return word;
  const i = rng.int(2, word.length - 2);
  const kind = rng.pick(["double", "drop", "swap", "replace"]);
  if (kind === "double") return word.slice(0, i) + word[i] + word.slice(i);
  if (kind === "drop") return word.slice(0, i) + word.slice(i + 1);
  if (kind === "swap") return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  return word.slice(0, i) + rng.pick([..."aeioulnrst"].filter((c) => c !== word[i])) + word.slice(i + 1);
}

/** One company's name as one more source writes it. */
function nameVariant(base: string): string {
  const words = base.split(" ");
  const noisy = rng.weighted<() => string>([
    [() => base, 3],
    [() => `${base} ${rng.pick(FORMS)}`, 3],
    [() => `${rng.chance(0.5) ? base.toLowerCase() : base.toUpperCase()}${rng.pick(GLUED).toLowerCase()}`, 1],
    [() => `${base.toUpperCase()}${rng.pick(GLUED).toUpperCase()}`, 1],
    [() => `${base}${rng.pick(GLUED)}`, 1],
    [() => [words[0], ...words.slice(1).map(typo)].join(" "), 3],
    [
      () =>
        words.length > 1
          ? `${words[0]}${words[1]![0]} ${words[1]!.slice(1)}${words
              .slice(2)
              .map((w) => ` ${w}`)
              .join("")}`
          : base,
      1,
    ],
    [() => words.join("").toUpperCase(), 1],
    [() => base.toLowerCase(), 1],
    [() => `The ${base}`, 1],
  ]);
  return noisy();
}

const used = new Set<string>();
for (let i = 0; i < 700; i++) {
  let base: string;
  do base = `${rng.pick(FIRST)} ${rng.pick(SECOND)}`;
  while (used.has(base));
  used.add(base);
  const country = rng.pick(COUNTRIES);
  const domain = `${slug(base)}.${domainEnding(rng, country)}`;
  // A namesake abroad (below) takes the plain page name when it has a page: LinkedIn page names are unique.
  const namesakeAbroad = rng.chance(0.2) ? rng.pick(["site", "page"] as const) : null;
  const page = `${slug(base)}${namesakeAbroad === "page" || rng.chance(0.2) ? `-${rng.pick(["hq", "group", country.toLowerCase()])}` : ""}`;
  const entity = set.entity();
  const copies = rng.pick([1, 2, 2, 2, 3, 3, 4]);
  for (let c = 0; c < copies; c++) {
    const hasSite = rng.chance(0.6);
    const hasPage = rng.chance(hasSite ? 0.45 : 0.55);
    const countryOf = rng.weighted<() => string>([
      [() => country, 80],
      [() => "", 17],
      [() => rng.pick(COUNTRIES.filter((x) => x !== country)), 3],
    ]);
    set.add(
      entity,
      c === 0 ? base : nameVariant(base),
      hasSite ? websiteVariant(rng, domain) : "",
      hasPage ? linkedinVariant(rng, page) : "",
      countryOf(),
    );
  }
  // The same name in another country: its own country's domain on the same stem, or only a LinkedIn page named so.
  if (namesakeAbroad) {
    const abroad = rng.pick(COUNTRIES.filter((x) => x !== country));
    const ownEnding = { DE: "de", SE: "se", FI: "fi", FR: "fr", NL: "nl", GB: "co.uk", ES: "es", DK: "dk", NO: "no", US: "us" }[abroad]!;
    const namesake = set.entity();
    const name = rng.chance(0.5) ? base : `${base} ${rng.pick(FORMS)}`;
    if (namesakeAbroad === "site") set.add(namesake, name, websiteVariant(rng, `${slug(base)}.${ownEnding}`), "", abroad);
    else set.add(namesake, name, "", linkedinVariant(rng, slug(base)), abroad);
  }
  // The same name and nothing else in another country.
  if (rng.chance(0.1))
    set.add(set.entity(), rng.chance(0.5) ? base : base.toUpperCase(), "", "", rng.pick(COUNTRIES.filter((x) => x !== country)));
  // A longer name containing the shorter: another company, often in the same country.
  if (rng.chance(0.12)) {
    const longer = `${base} ${rng.pick(EXTRA)}`;
    set.add(
      set.entity(),
      rng.chance(0.5) ? `${longer} ${rng.pick(FORMS)}` : longer,
      rng.chance(0.6) ? websiteVariant(rng, `${slug(longer)}.${domainEnding(rng, country)}`) : "",
      "",
      rng.chance(0.7) ? country : rng.pick(COUNTRIES),
    );
  }
}

console.log(set.write(new URL("./datasets/companies-holdout.csv", import.meta.url)));
