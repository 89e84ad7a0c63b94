/**
 * Listings and queries for the search index's tests (search-index-same-answers.test.ts, search-index-updates.test.ts):
 * awkward text, the demo data, and what people type about them.
 */
import { generateListings } from "#demo/generate-listings.ts";
import type { Random } from "#demo/random.ts";
import { testReferences } from "#demo/test-references.ts";
import type { SearchableListing } from "./search-index.ts";

/** Listings that stress the text rules: accents, hyphens, "&", apostrophes, other scripts, duplicates, no tagline. */
export function awkwardListings(count: number, rng: Random): SearchableListing[] {
  const parts = [
    "Vanta",
    "Kairo",
    "Zürich",
    "Café",
    "Crème",
    "Nimbus",
    "Meridian",
    "Quanta",
    "Ørsted",
    "Łódź",
    "São",
    "Straße",
    "Ledger",
    "Pay",
  ];
  const endings = [
    "Pay",
    "Labs",
    "Flow",
    "Health",
    "Capital",
    "Ventures",
    "& Co",
    "Systems",
    "AI",
    "B2B",
    "e-Commerce",
    "O'Neil",
    "3D",
    "",
  ];
  const words = [
    "payments",
    "payment",
    "investing",
    "investors",
    "companies",
    "company",
    "real-time",
    "e-commerce",
    "b2b",
    "saas",
    "planning",
    "analysis",
    "business",
    "batteries",
    "for",
    "teams",
    "Zürich",
    "café",
    "AI-powered",
    "data",
    "cloud",
    "x",
  ];
  const industries = ["FinTech", "E-commerce", "Aerospace & Defense", "Health Care", "AI", "Real Estate", "Café & Bakery"];
  const listings: SearchableListing[] = [];
  for (let i = 0; i < count; i++) {
    const roll = rng.next();
    let name: string;
    if (roll < 0.05 && listings.length)
      name = rng.pick(listings).name; // a duplicate name
    else if (roll < 0.08) name = rng.pick(["", "!!!", "a", "A-B", "&", "  x  ", "Ω"]);
    else
      name = [rng.pick(parts), rng.chance(0.4) ? rng.pick(parts).toLowerCase() : "", rng.pick(endings)]
        .filter(Boolean)
        .join(rng.pick([" ", "-", " ", "  "]));
    const tagline = rng.chance(0.2) ? rng.pick([null, ""]) : Array.from({ length: rng.int(1, 6) }, () => rng.pick(words)).join(" ");
    listings.push({ name, tagline, industries: rng.sample(industries, rng.int(0, 3)) });
  }
  return listings;
}

/** Listings as the demo data makes them, in the directory order. */
export function demoListings(count: number): SearchableListing[] {
  const refs = testReferences();
  const industryName = new Map(refs.industries.map((x) => [x.id, x.name]));
  const listings = [...generateListings(count, refs)].map(({ listing }) => ({
    name: listing.name,
    tagline: (listing.tagline as string | null) ?? null,
    industries: (listing.industryIds as number[]).map((id) => industryName.get(id)!),
    featured: listing.featured as boolean,
  }));
  listings.sort((a, b) => Number(b.featured) - Number(a.featured) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return listings;
}

/** What people type, made from the listings: names whole and cut, their words with typos and in other forms. */
export function queriesFor(listings: SearchableListing[], rng: Random): string[] {
  const typo = (word: string) => {
    const at = rng.int(0, Math.max(0, word.length - 2));
    switch (rng.int(0, 3)) {
      case 0:
        return word.slice(0, at) + word.charAt(at + 1) + word.charAt(at) + word.slice(at + 2);
      case 1:
        return word.slice(0, at) + word.slice(at + 1);
      case 2:
        return word.slice(0, at) + "q" + word.slice(at + 1);
      default:
        return word.slice(0, at) + "e" + word.slice(at);
    }
  };
  const queries = [
    "",
    "!!!",
    "a",
    "v",
    "zzqxv",
    "ecommerce",
    "e-commerce",
    "zurich",
    "ZÜRICH",
    "cafe",
    "payments",
    "investing",
    "companies",
  ];
  queries.push("one two three four five six seven eight nine ten", "aerospace & defense", "b2b saas", "o'neil", "oneil", "3d");
  for (let i = 0; i < 150; i++) {
    const listing = rng.pick(listings);
    const words = listing.name.split(/[\s-]+/).filter(Boolean);
    const word = rng.pick(words.length ? words : ["x"]);
    const text = rng.pick([listing.tagline ?? "", ...listing.industries, listing.name]);
    const textWord = rng.pick(text.split(/\s+/).filter(Boolean).concat(["x"]));
    queries.push(
      listing.name,
      listing.name.toUpperCase().replace(/ /g, "-"),
      listing.name.slice(0, rng.int(1, listing.name.length + 1)),
      word,
      word.slice(0, rng.int(1, 4)),
      typo(word.toLowerCase()),
      `${typo(word)} ${textWord}`,
      `${textWord}s`,
      `${textWord}ing`,
      `${textWord.slice(0, 3)} ${words.at(-1) ?? ""}`,
    );
  }
  return queries;
}
