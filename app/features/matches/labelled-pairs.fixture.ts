/**
 * Test data only: a small directory and the pairs an analyst judged, by reading the profiles and not the scoring
 * code, to be worth an introduction. Every pair not in `FITS` was judged not worth one. Some judgments disagree
 * with the score on purpose (a crypto fund shares FinTech with a payments startup but would not take the meeting);
 * they are what keeps the precision check honest.
 */

export interface LabelledStartup {
  name: string;
  industries: string[];
  geographies: string[];
  countries: string[];
  stage: string | null;
}

export interface LabelledInvestor {
  name: string;
  industries: string[];
  geographies: string[];
  countries: string[];
  stageFocus: string | null;
}

export const STAGES = ["Pre-Seed", "Seed", "Series A", "Series B", "Series C", "Series D+", "Growth"];

/** Country → its geography group. */
export const COUNTRY_GROUPS: Record<string, string> = {
  Germany: "Europe",
  France: "Europe",
  Denmark: "Europe",
  "United Kingdom": "Europe",
  "United States": "NA",
  Canada: "NA",
  Japan: "Asia",
  Singapore: "Asia",
};

export const STARTUPS: LabelledStartup[] = [
  { name: "Paylane", industries: ["FinTech: Payments"], geographies: ["Europe"], countries: ["Germany"], stage: "Seed" },
  {
    name: "Medisight",
    industries: ["Healthcare: Digital Health", "AI: Computer Vision"],
    geographies: ["NA"],
    countries: ["United States"],
    stage: "Series A",
  },
  { name: "Gridwise", industries: ["Energy: Renewable Energy"], geographies: ["Europe"], countries: ["Denmark"], stage: "Series B" },
  { name: "Tokobox", industries: ["E-commerce: Marketplaces"], geographies: ["Asia"], countries: ["Japan"], stage: "Pre-Seed" },
  { name: "Ledgerly", industries: ["FinTech: Lending"], geographies: ["Europe"], countries: ["France"], stage: "Series A" },
  {
    name: "VisionStack",
    industries: ["AI: Computer Vision", "Software: SaaS"],
    geographies: ["Europe"],
    countries: ["United Kingdom"],
    stage: "Seed",
  },
  { name: "Carecircle", industries: ["Healthcare: Elder Care"], geographies: ["Europe"], countries: ["Germany"], stage: "Seed" },
  {
    name: "Freightmind",
    industries: ["Logistics: Freight", "AI: Machine Learning"],
    geographies: ["NA"],
    countries: ["Canada"],
    stage: "Seed",
  },
];

export const INVESTORS: LabelledInvestor[] = [
  {
    name: "Northgate Seed",
    industries: ["FinTech: Payments", "FinTech: Lending"],
    geographies: ["Europe"],
    countries: [],
    stageFocus: "Pre-Seed to Seed",
  },
  {
    name: "Atlas Growth Partners",
    industries: ["FinTech: Payments", "Software: SaaS"],
    geographies: ["NA", "Europe"],
    countries: [],
    stageFocus: "Series B to Growth",
  },
  {
    name: "Harbor Health Ventures",
    industries: ["Healthcare: Digital Health", "AI: Machine Learning"],
    geographies: ["NA"],
    countries: ["United States"],
    stageFocus: "Seed to Series A",
  },
  {
    name: "Kestrel Capital",
    industries: ["AI: Machine Learning", "AI: Computer Vision", "Software: SaaS"],
    geographies: ["Europe"],
    countries: [],
    stageFocus: "Seed, Series A",
  },
  { name: "Sakura Angels", industries: ["E-commerce: Marketplaces"], geographies: ["Asia"], countries: ["Japan"], stageFocus: "Pre-Seed" },
  {
    name: "Meridian Climate Fund",
    industries: ["Energy: Renewable Energy", "Environmental Services: Recycling"],
    geographies: ["Europe", "NA"],
    countries: [],
    stageFocus: "Series A to Series C",
  },
  {
    name: "Generalist Ventures",
    industries: ["FinTech: Payments", "AI: Machine Learning", "Healthcare: Digital Health", "E-commerce: Marketplaces"],
    geographies: ["NA", "Europe", "Asia"],
    countries: [],
    stageFocus: null,
  },
  { name: "Lattice Lending Partners", industries: ["FinTech: Lending"], geographies: ["Europe"], countries: [], stageFocus: "Series A" },
  {
    name: "Crossborder Commerce Fund",
    industries: ["E-commerce: Marketplaces", "FinTech: Payments"],
    geographies: ["Europe"],
    countries: [],
    stageFocus: "Seed to Series A",
  },
  { name: "Chainlink Capital", industries: ["FinTech: Crypto", "Web3: DeFi"], geographies: ["Europe"], countries: [], stageFocus: "Seed" },
  {
    name: "Silverline Health",
    industries: ["Healthcare: Elder Care", "Healthcare: Digital Health"],
    geographies: ["Europe"],
    countries: ["Germany"],
    stageFocus: "Seed to Series B",
  },
  {
    name: "Prairie Robotics Fund",
    industries: ["Robotics: Industrial Robotics", "AI: Machine Learning"],
    geographies: ["NA"],
    countries: ["Canada"],
    stageFocus: "Pre-Seed to Seed",
  },
];

/** [startup, investor]: the pairs worth an introduction. */
export const FITS: ReadonlyArray<readonly [string, string]> = [
  ["Paylane", "Northgate Seed"],
  ["Paylane", "Generalist Ventures"],
  ["Paylane", "Crossborder Commerce Fund"],
  ["Medisight", "Harbor Health Ventures"],
  ["Medisight", "Generalist Ventures"],
  ["Gridwise", "Meridian Climate Fund"],
  ["Tokobox", "Sakura Angels"],
  ["Tokobox", "Generalist Ventures"],
  ["Ledgerly", "Lattice Lending Partners"],
  ["Ledgerly", "Generalist Ventures"],
  ["VisionStack", "Kestrel Capital"],
  ["Carecircle", "Silverline Health"],
  ["Freightmind", "Prairie Robotics Fund"],
];
