import { uniqueSlug } from "../../app/features/catalog/slug.ts";
import {
  AUM_BY_TICKET,
  FIRST,
  INVESTOR_SUFFIXES,
  INVESTOR_TYPES,
  LAST,
  PARTNER_SUFFIXES,
  ROOTS,
  ROUND_TYPES,
  STAGE_FOCUS_BY_TICKET,
  STARTUP_SUFFIXES,
  TICKETS,
  TITLES,
  VISIBILITY,
} from "./demo-words.ts";
import { Random } from "./random.ts";

/** Ids of the reference rows the generator links listings to. */
export interface ReferenceIds {
  industries: Array<{ id: number; name: string }>;
  geographies: Array<{ id: number; name: string }>;
  countries: Array<{ id: number; name: string; geographyId: number }>;
  fundingStages: Array<{ id: number; name: string }>;
  personas: Array<{ id: number; name: string }>;
  businessModels: Array<{ id: number; code: string }>;
  revenueRanges: Array<{ id: number; code: string }>;
}

export interface GeneratedListing {
  listing: Record<string, unknown> & { slug: string; name: string; type: "startup" | "investor" | "partner" };
  team: Array<{ name: string; title: string; linkedinUrl: string; email: string }>;
  faqs: Array<{ question: string; answer: string }>;
  useCases: Array<{ title: string; description: string }>;
  steps: string[];
  rounds: Array<{ amount: number; roundType: string; fundingDate: string; investors: string[] }>;
}

function domainOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "") + ".example";
}

function personName(rng: Random): string {
  return `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
}

/**
 * Yields `count` believable listings, about 60% startups, 25% investors, 15% partners. Deterministic: the same
 * seed, count and reference ids give the same output.
 */
/**
 * Real directories hold duplicates, so the demo data does too (issue 5): one listing in DUPLICATE_EVERY repeats an
 * earlier listing of its type, alternately as a sure duplicate (same site and LinkedIn page, another legal form:
 * the cleanup tool merges it) and as a near one (the same name, another legal form, no site: a name alone goes to manual review). The
 * listing keeps everything else it was generated with, so the rest of the data is the same with or without them.
 */
const DUPLICATE_EVERY = 97;
const ADDED_OVER_MS = 540 * 24 * 3600 * 1000;

function plantDuplicate(
  listing: GeneratedListing["listing"],
  earlier: ReadonlyArray<{ type: string; name: string; website: string }>,
  planted: number,
  slugs: Set<string>,
) {
  const candidates = earlier.filter((e) => e.type === listing.type && e.name !== listing.name);
  const original = candidates[(planted * 7) % Math.max(candidates.length, 1)];
  if (!original) return;
  const sure = planted % 2 === 0;
  const name = sure ? `${original.name} ${planted % 4 === 0 ? "Inc." : "GmbH"}` : `${original.name} Ltd`;
  const domain = new URL(original.website).hostname;
  Object.assign(listing, {
    name,
    slug: uniqueSlug(name, slugs),
    websiteUrl: sure ? `https://www.${domain}/about` : null,
    linkedinUrl: sure ? `https://www.linkedin.com/company/${domain.replace(".example", "")}/` : null,
  });
}

export function* generateListings(count: number, refs: ReferenceIds, seed = 20251122): Generator<GeneratedListing> {
  const rng = new Random(seed);
  const slugs = new Set<string>();
  const names = new Set<string>();
  const investorNames: string[] = [];
  const earlier: Array<{ type: string; name: string; website: string }> = [];
  let planted = 0;
  // Listings were added over the last eighteen months, in generation order: the back-office's "added per month"
  // has a history to show, and a planted duplicate is younger than the listing it repeats (the one a merge keeps).
  const seededAt = Date.now();
  for (let i = 0; i < count; i++) {
    const roll = (i * 0.6180339887) % 1; // low-discrepancy: keeps the 60/25/15 mix exact at any size
    const type = roll < 0.6 ? "startup" : roll < 0.85 ? "investor" : "partner";
    const suffixes = type === "startup" ? STARTUP_SUFFIXES : type === "investor" ? INVESTOR_SUFFIXES : PARTNER_SUFFIXES;
    let name = `${rng.pick(ROOTS)} ${rng.pick(suffixes)}`;
    if (names.has(name)) name = `${rng.pick(ROOTS)}${rng.pick(ROOTS).toLowerCase()} ${rng.pick(suffixes)}`;
    for (let n = 2; names.has(name); n++) name = `${name.replace(/ \d+$/, "")} ${n}`;
    names.add(name);
    if (type === "investor") investorNames.push(name);

    const industries = rng.sample(refs.industries, rng.int(1, 3));
    const countries = rng.sample(refs.countries, rng.int(1, 4));
    const geographyIds = [...new Set(countries.map((c) => c.geographyId))];
    const personas = rng.sample(refs.personas, rng.int(1, 4));
    const stage = rng.pick(refs.fundingStages);
    const sector = industries[0]!.name;
    const featured = type === "startup" ? rng.chance(0.12) : rng.chance(0.05);
    const rich = featured || rng.chance(0.6);
    const visibility = featured && i < 40 ? "public" : rng.pick(VISIBILITY);
    const website = `https://${domainOf(name)}`;
    const foundedYear = rng.int(2005, 2025);

    const listing: GeneratedListing["listing"] = {
      createdAt: new Date(seededAt - Math.round(((count - i) / count) * ADDED_OVER_MS)),
      slug: uniqueSlug(name, slugs),
      type,
      name,
      tagline: taglineFor(type, sector, rng),
      description: descriptionFor(
        type,
        name,
        sector,
        countries.map((c) => c.name),
        rng,
      ),
      websiteUrl: rng.chance(0.9) ? website : null,
      linkedinUrl: `https://www.linkedin.com/company/${domainOf(name).replace(".example", "")}`,
      featured,
      industryIds: industries.map((x) => x.id),
      geographyIds,
      countryIds: countries.map((x) => x.id),
      personaIds: personas.map((x) => x.id),
      fundingStageId: type === "partner" ? null : stage.id,
      businessModelId: type === "partner" ? rng.pick(refs.businessModels).id : null,
      revenueRangeId: rng.chance(0.85) ? rng.pick(refs.revenueRanges).id : null,
      visibility,
      fieldVisibility: featured && rng.chance(0.3) ? { faqs: "subscriber" } : {},
      foundedYear,
      teamSize: rng.pick(["1-10", "11-50", "51-200", "201-500"]),
      dataSource: "demo",
      processingStatus: "published",
      lotDataQualityScore: rng.int(2, 5),
      primaryContact: personName(rng),
      problem:
        type === "startup" && rich
          ? `${sector} teams lose weeks to manual work, scattered data and slow decisions. Most tools were built for a different era and do not talk to each other.`
          : null,
      solution:
        type === "startup" && rich
          ? `${name} brings the whole ${sector.toLowerCase()} workflow into one place, automates the repetitive steps and surfaces what needs attention first.`
          : null,
      timing:
        type === "startup" && rich
          ? `Budgets are shifting to tools that prove ROI within a quarter, and ${sector.toLowerCase()} buyers now expect software that works out of the box.`
          : null,
      investorType: type === "investor" ? rng.pick(INVESTOR_TYPES) : null,
      ticketSize: type === "investor" ? rng.pick(TICKETS) : null,
    };
    listing.primaryContactEmail = `${String(listing.primaryContact).split(" ")[0]!.toLowerCase()}@${domainOf(name)}`;
    // Derived from the ticket size rather than drawn, so every other generated value stays as it was.
    const ticket = TICKETS.indexOf(String(listing.ticketSize));
    if (ticket >= 0) Object.assign(listing, { aum: AUM_BY_TICKET[ticket], stageFocus: STAGE_FOCUS_BY_TICKET[ticket] });
    earlier.push({ type, name, website });
    if (i % DUPLICATE_EVERY === DUPLICATE_EVERY - 1) plantDuplicate(listing, earlier, planted++, slugs);

    const rounds: GeneratedListing["rounds"] = [];
    if (type === "startup" && (featured || rng.chance(0.35))) {
      const n = rng.int(1, 3);
      let year = Math.max(foundedYear, 2016);
      for (let r = 0; r < n && r < ROUND_TYPES.length; r++) {
        const [roundType, min, max] = ROUND_TYPES[r]!;
        year = Math.min(2026, year + rng.int(0, 2));
        const amount = Math.round(rng.int(min, max) / 10_000) * 10_000;
        rounds.push({
          amount,
          roundType,
          fundingDate: `${year}-${String(rng.int(1, 12)).padStart(2, "0")}-${String(rng.int(1, 28)).padStart(2, "0")}`,
          investors: investorNames.length ? rng.sample(investorNames, Math.min(2, investorNames.length)) : [],
        });
      }
      const latest = rounds.at(-1)!;
      Object.assign(listing, {
        fundingAmount: latest.amount,
        fundingCurrency: "USD",
        fundingDate: latest.fundingDate,
        amountRaised: latest.amount,
        latestRoundAmount: latest.amount,
        latestRoundDate: latest.fundingDate,
        latestRoundType: latest.roundType,
        fundingRoundCount: rounds.length,
        totalFundingRaised: rounds.reduce((sum, x) => sum + x.amount, 0),
      });
      if (featured && rng.chance(0.15)) listing.amountRaised = null; // shows "---" in the home table
    }

    const teamCount = rich ? rng.int(2, 4) : rng.int(0, 1);
    const team = Array.from({ length: teamCount }, (_, k) => {
      const person = personName(rng);
      const slug = person
        .toLowerCase()
        .normalize("NFKD")
        .replace(/\p{M}+/gu, "")
        .replace(/[^a-z]+/g, "-");
      return {
        name: person,
        title: TITLES[k % TITLES.length]!,
        linkedinUrl: `https://www.linkedin.com/in/${slug}`,
        email: `${slug.split("-")[0]}@${domainOf(name)}`,
      };
    });

    const faqs =
      type === "startup" && rich
        ? [
            { question: `Who is ${name} for?`, answer: `Teams in ${sector.toLowerCase()} that want results in weeks, not quarters.` },
            { question: "How long does onboarding take?", answer: `Most customers are live within ${rng.int(2, 6)} weeks.` },
            {
              question: "Do you integrate with existing tools?",
              answer: "Yes: the common CRMs, data warehouses and single sign-on providers.",
            },
          ]
        : [];
    const useCases =
      type === "startup" && rich
        ? [
            { title: `${sector} operations`, description: "Automate the weekly reporting cycle and free up analysts for real work." },
            { title: "Partner onboarding", description: "Bring new partners live with a guided, trackable checklist." },
          ]
        : [];
    const steps =
      type === "startup" && rich
        ? [
            "Connect your existing data sources in minutes.",
            `${name} maps your workflow and flags the bottlenecks.`,
            "Automations run daily and report the time saved.",
          ]
        : [];
    yield { listing, team, faqs, useCases, steps, rounds };
  }
}

function taglineFor(type: string, sector: string, rng: Random): string {
  if (type === "investor")
    return rng.pick([
      `Early-stage investor backing ${sector} founders`,
      `Growth capital for ${sector} companies`,
      `Seed and Series A fund focused on ${sector}`,
    ]);
  if (type === "partner")
    return rng.pick([
      `Market entry and growth partner for ${sector} companies`,
      `We open doors in new markets for ${sector} teams`,
      `Go-to-market partner for ${sector} in Asia and Europe`,
    ]);
  return rng.pick([
    `The operating system for modern ${sector}`,
    `${sector} workflows on autopilot`,
    `Smarter decisions for ${sector} teams`,
    `Making ${sector} simple, fast and measurable`,
  ]);
}

function descriptionFor(type: string, name: string, sector: string, countries: string[], rng: Random): string {
  const where = countries.slice(0, 2).join(" and ");
  if (type === "investor")
    return `${name} invests in ambitious ${sector} founders from ${where} and beyond. We lead or co-lead rounds, take board seats when useful and open our network of operators and customers from day one. Portfolio companies get hands-on support with hiring, pricing and international expansion.`;
  if (type === "partner")
    return `${name} helps ${sector} companies enter and grow in ${where}. We handle partner sourcing, localisation, regulatory groundwork and the first customer meetings, so founders can focus on product. Engagements are structured around measurable introductions.`;
  return `${name} builds software for ${sector} teams in ${where}. ${rng.pick(["Founded by operators who lived the problem", "Backed by experienced investors", "Used by fast-growing teams"])}, the company helps customers cut costs, move faster and measure what matters.`;
}
