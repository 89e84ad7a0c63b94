/**
 * Writes bench/datasets/group-brands.csv: a labelled set of corporate groups' brands and of renamed companies
 * (issue 32), deterministic from its seed. Columns: id,name,website,linkedin,country,entity.
 *
 * Groups (60): a parent ("Hooli", on hooli.com or a country's domain, with its LinkedIn page) and 2 to 4 brands named
 * after it ("Hooli Pay", "Hooli Data Studio Group"), each a company of its own (an entity) sitting on the parent's
 * domain (its home, a path "hooli.com/pay" or a subdomain "pay.hooli.com") or on a domain of its own; with its own
 * LinkedIn page (40 %), the parent's (20 %) or none. The parent is listed too in half the groups. Every brand and
 * parent has 1 to 3 records (one company from several sources: a legal form, case, "The", one word or two, its
 * website and page written differently, sometimes missing).
 *
 * Renames (40): a company listed under its old name and its new one, the new sometimes keeping a word of the old
 * ("Quanta Systems" / "Quanta AI"), mostly not ("Quanta Systems" / "Brightloom"). A rename keeps its LinkedIn page
 * (its address survives the rename) or its domain; a rename that keeps neither is out of reach of any matcher
 * without reference data (decision 0067) and is not in the set.
 *
 * Run: npx tsx bench/make-group-brands-dataset.ts
 */
import { Random } from "#demo/random.ts";
import { domainEnding, LabelledSet, linkedinVariant, slug, websiteVariant } from "./lib/labelled-set.ts";

const rng = new Random(20261130);
const PARENTS = [
  "Hooli",
  "Initech",
  "Northwind",
  "Globex",
  "Vandelay",
  "Soylent",
  "Cyberdyne",
  "Tyrell",
  "Wonka",
  "Gringott",
  "Zephyr",
  "Obsidian",
  "Pinnacle",
  "Aperture",
  "Stratus",
  "Monarch",
  "Helios",
  "Borealis",
  "Cascade",
  "Everest",
  "Vantage",
  "Nebula",
  "Sterling",
  "Paragon",
  "Quasar",
  "Redwood",
  "Sapphire",
  "Trident",
  "Umbra",
  "Vesper",
  "Wavelength",
  "Xenon",
  "Yarrow",
  "Zenobia",
  "Alder",
  "Brisk",
  "Corvid",
  "Dune",
  "Eland",
  "Fjord",
  "Gable",
  "Hearth",
  "Indigo",
  "Jasper",
  "Kinetic",
  "Lodestar",
  "Mosaic",
  "Nomad",
  "Oakmont",
  "Pylon",
  "Quarry",
  "Rampart",
  "Sextant",
  "Talon",
  "Upland",
  "Vector",
  "Wildcat",
  "Yonder",
  "Zircon",
  "Argent",
];
const BRANDS = [
  "Labs",
  "Pay",
  "Cloud",
  "Security",
  "Data Studio",
  "Health",
  "Ventures",
  "Robotics",
  "Media",
  "Logistics",
  "Capital",
  "Insurance",
  "Analytics",
  "Energy",
  "Mobility",
  "Foods",
  "Learning",
  "Travel",
  "Games",
  "Bank",
];
const NEW_NAMES = [
  "Brightloom",
  "Clearwater",
  "Driftwood",
  "Emberly",
  "Fernway",
  "Goldcrest",
  "Hollowpine",
  "Ironbark",
  "Juneberry",
  "Kindling",
  "Lanternfish",
  "Moonrise",
  "Nettlefield",
  "Oatly Works",
  "Pinegrove",
  "Quietwater",
  "Rivermint",
  "Stonefly",
  "Thistledown",
  "Umberfield",
  "Velvetleaf",
  "Willowmere",
  "Yellowfin",
  "Zestwell",
  "Amberline",
  "Bluebell Systems",
  "Cobblestone",
  "Dawnlight",
  "Eastwind Analytics",
  "Foxglove",
  "Greenlake",
  "Heronsgate",
  "Inkwell",
  "Jadestone",
  "Kestrelwood",
  "Larchmont",
  "Marigold",
  "Northstar Health",
  "Orchardly",
  "Primrose",
];
const FORMS = ["Inc.", "GmbH", "Ltd", "LLC", "AB", "Oy", "B.V.", "SAS"];
const COUNTRIES = ["US", "DE", "GB", "FR", "NL", "SE", "FI", "ES"];

const set = new LabelledSet();

function nameVariant(base: string): string {
  return rng.weighted<() => string>([
    [() => base, 3],
    [() => `${base} ${rng.pick(FORMS)}`, 3],
    [() => base.toUpperCase(), 1],
    [() => `The ${base}`, 1],
    [() => base.replace(/ /g, ""), 1],
  ])();
}

/** One company's records: its name, where it sits on the web, its page; each record written by another source. */
function company(name: string, site: { host: string; path: string } | null, page: string | null, country: string) {
  const entity = set.entity();
  const copies = rng.pick([1, 2, 2, 3]);
  for (let c = 0; c < copies; c++) {
    set.add(
      entity,
      c === 0 ? name : nameVariant(name),
      site && rng.chance(0.8) ? websiteVariant(rng, site.host, site.path) : "",
      page && rng.chance(0.7) ? linkedinVariant(rng, page) : "",
      rng.chance(0.85) ? country : "",
    );
  }
}

for (const parent of PARENTS) {
  const country = rng.pick(COUNTRIES);
  const domain = `${slug(parent)}.${domainEnding(rng, country)}`;
  const parentPage = slug(parent);
  if (rng.chance(0.5))
    company(rng.chance(0.3) ? `${parent} ${rng.pick(["Group", "Holdings"])}` : parent, { host: domain, path: "" }, parentPage, country);
  for (const brand of rng.sample(BRANDS, rng.int(2, 4))) {
    const name = `${parent} ${brand}${rng.chance(0.15) ? " Group" : ""}`;
    const brandSlug = slug(brand);
    const site = rng.weighted<() => { host: string; path: string }>([
      [() => ({ host: domain, path: "" }), 3],
      [() => ({ host: domain, path: `/${brandSlug}` }), 3],
      [() => ({ host: `${brandSlug}.${domain}`, path: "" }), 3],
      [() => ({ host: `${slug(name)}.${domainEnding(rng, country)}`, path: "" }), 2],
    ])();
    const page = rng.weighted<() => string | null>([
      [() => `${slug(parent)}-${brandSlug}`, 4],
      [() => parentPage, 2],
      [() => null, 4],
    ])();
    company(name, site, page, rng.chance(0.8) ? country : rng.pick(COUNTRIES));
  }
}

for (const [i, newName] of NEW_NAMES.entries()) {
  const oldName = `${PARENTS[(i * 7) % PARENTS.length]} ${rng.pick(["Systems", "Software", "Technologies", "Networks"])}`;
  const renamed = rng.chance(0.25) ? `${oldName.split(" ")[0]} ${rng.pick(["AI", "Platform", "Digital"])}` : newName;
  const country = rng.pick(COUNTRIES);
  const oldDomain = `${slug(oldName)}.${domainEnding(rng, country)}`;
  const page = slug(oldName);
  const entity = set.entity();
  const keepsPage = rng.chance(0.6);
  for (let c = rng.pick([1, 2]); c > 0; c--)
    set.add(entity, nameVariant(oldName), websiteVariant(rng, oldDomain), rng.chance(0.8) ? linkedinVariant(rng, page) : "", country);
  for (let c = rng.pick([1, 2]); c > 0; c--)
    set.add(
      entity,
      nameVariant(renamed),
      keepsPage ? websiteVariant(rng, `${slug(renamed)}.${domainEnding(rng, country)}`) : websiteVariant(rng, oldDomain),
      keepsPage ? linkedinVariant(rng, page) : "",
      rng.chance(0.9) ? country : "",
    );
}

console.log(set.write(new URL("./datasets/group-brands.csv", import.meta.url)));
