/**
 * The words people type for the directory's filters that the reference lists do not spell themselves (decision 0083):
 * listing types in the plural and in investors' jargon, industries' short forms, stages and places' everyday names.
 * Each maps to candidate reference values, tried in order: the first one the reference lists hold is used, so an entry
 * keeps working after the industries migrate to the taxonomy (a secondary label first, its primary category after).
 * Keys are in normal form (search-text.ts normalizeText: lower case, punctuation as spaces).
 */
import type { ListingType } from "../catalog/listing-types.ts";

/** Words that name a kind of listing. */
export const TYPE_WORDS: Readonly<Record<string, ListingType>> = {
  startup: "startup",
  startups: "startup",
  "start up": "startup",
  "start ups": "startup",
  scaleup: "startup",
  scaleups: "startup",
  founders: "startup",
  investor: "investor",
  investors: "investor",
  vc: "investor",
  vcs: "investor",
  "venture capital": "investor",
  "venture capitalists": "investor",
  fund: "investor",
  funds: "investor",
  angel: "investor",
  angels: "investor",
  "angel investors": "investor",
  backers: "investor",
  partner: "partner",
  partners: "partner",
  agency: "partner",
  agencies: "partner",
  consultancy: "partner",
  consultancies: "partner",
  consultants: "partner",
  advisors: "partner",
  advisers: "partner",
  "service providers": "partner",
};

/** Industry short forms and synonyms: candidates in order (a taxonomy label, then the primary category). */
export const INDUSTRY_WORDS: Readonly<Record<string, readonly string[]>> = {
  ai: ["AI"],
  "artificial intelligence": ["AI"],
  ml: ["Machine Learning", "AI"],
  "machine learning": ["Machine Learning", "AI"],
  genai: ["Generative AI", "AI"],
  "gen ai": ["Generative AI", "AI"],
  "generative ai": ["Generative AI", "AI"],
  "computer vision": ["Computer Vision", "AI"],
  fintech: ["FinTech"],
  fintechs: ["FinTech"],
  insurtech: ["Insurtech", "FinTech"],
  regtech: ["FinTech"],
  proptech: ["Real Estate"],
  "real estate": ["Real Estate"],
  contech: ["Construction"],
  climate: ["Environmental Services"],
  climatetech: ["Environmental Services"],
  "climate tech": ["Environmental Services"],
  cleantech: ["Energy"],
  "clean energy": ["Energy"],
  healthtech: ["Healthcare"],
  "health tech": ["Healthcare"],
  medtech: ["Healthcare"],
  health: ["Healthcare"],
  biotech: ["Biotechnology"],
  "life sciences": ["Biotechnology"],
  edtech: ["Education"],
  agtech: ["Agriculture"],
  agritech: ["Agriculture"],
  foodtech: ["Agriculture"],
  crypto: ["Web3"],
  blockchain: ["Web3"],
  saas: ["Software"],
  "dev tools": ["Software"],
  devtools: ["Software"],
  cyber: ["Cybersecurity"],
  infosec: ["Cybersecurity"],
  ecommerce: ["E-commerce"],
  martech: ["Marketing"],
  adtech: ["Marketing"],
  defense: ["Aerospace & Defense"],
  defence: ["Aerospace & Defense"],
  aerospace: ["Aerospace & Defense"],
  spacetech: ["Aerospace & Defense"],
  batteries: ["Battery Technology"],
  battery: ["Battery Technology"],
  "deep tech": ["Science"],
  deeptech: ["Science"],
  telecom: ["Telecommunications"],
  telecoms: ["Telecommunications"],
  beauty: ["Cosmetics"],
  sport: ["Sports"],
  sportstech: ["Sports"],
  nonprofit: ["Non-profit"],
  nonprofits: ["Non-profit"],
  "supply chain": ["Logistics"],
  robots: ["Robotics"],
  traveltech: ["Travel"],
};

/** Stages as people write them, beyond the reference names; "growth" alone is too common a word to read as a stage. */
export const STAGE_WORDS: Readonly<Record<string, string>> = {
  preseed: "Pre-Seed",
  "pre seed": "Pre-Seed",
  "seed stage": "Seed",
  "series d": "Series D+",
  "growth stage": "Growth",
  "late stage": "Growth",
};

/** Everyday names of countries, and regions the reference lists lack as a list of countries (the Nordics). */
export const PLACE_WORDS: Readonly<Record<string, readonly string[]>> = {
  uk: ["United Kingdom"],
  britain: ["United Kingdom"],
  "great britain": ["United Kingdom"],
  british: ["United Kingdom"],
  england: ["United Kingdom"],
  usa: ["United States"],
  america: ["United States"],
  american: ["United States"],
  uae: ["United Arab Emirates"],
  dubai: ["United Arab Emirates"],
  holland: ["Netherlands"],
  dutch: ["Netherlands"],
  german: ["Germany"],
  french: ["France"],
  spanish: ["Spain"],
  italian: ["Italy"],
  swedish: ["Sweden"],
  swiss: ["Switzerland"],
  irish: ["Ireland"],
  danish: ["Denmark"],
  finnish: ["Finland"],
  polish: ["Poland"],
  hungarian: ["Hungary"],
  czech: ["Czech Republic"],
  czechia: ["Czech Republic"],
  estonian: ["Estonia"],
  romanian: ["Romania"],
  ukrainian: ["Ukraine"],
  korea: ["South Korea"],
  korean: ["South Korea"],
  japanese: ["Japan"],
  indian: ["India"],
  nordics: ["Sweden", "Denmark", "Finland", "Norway", "Iceland"],
  nordic: ["Sweden", "Denmark", "Finland", "Norway", "Iceland"],
  scandinavia: ["Sweden", "Denmark", "Norway"],
  dach: ["Germany", "Austria", "Switzerland"],
  benelux: ["Belgium", "Netherlands", "Luxembourg"],
  baltics: ["Estonia", "Latvia", "Lithuania"],
};

/** Regions by other names (the reference's own names are matched too, when longer than two letters). */
export const REGION_WORDS: Readonly<Record<string, string>> = {
  "north america": "NA",
  "eastern europe": "CEE",
  "central and eastern europe": "CEE",
  "central europe": "CEE",
  oceania: "Australia & Oceania",
};

/**
 * Words that only join the others ("fintech startups in Berlin", "seed-stage funds for climate"): dropped from the
 * remaining text once another word became a filter, since on their own they would have to match too.
 */
export const JOINING_WORDS = new Set([
  "a",
  "an",
  "and",
  "or",
  "the",
  "in",
  "from",
  "of",
  "at",
  "on",
  "with",
  "stage",
  "that",
  "which",
  "who",
  "investing",
  "invest",
  "focused",
  "focusing",
  "companies",
  "company",
  "firms",
  "best",
  "top",
]);

/**
 * Words that say the listing invests ("who invests in battery startups"): they name investors, and a startup word
 * after them names what is invested in, not the listings wanted, so it narrows nothing.
 */
export const INVESTING_WORDS = new Set(["invests", "invest", "investing", "backs", "backing", "funding", "funds"]);

/** After this word an industry names the market served ("AI for construction"), so it stays text to search. */
export const MARKET_WORD = "for";

/** After an industry, these name its technology ("construction tech", "climate technology"): read with the industry. */
export const TECH_WORDS = new Set(["tech", "technology", "technologies", "software"]);

/**
 * City names that are ordinary words of a search more often than places ("reading list", "nice", "mobile apps", "bath
 * products"): never read as a headquarters city (decision 0088). Listings' cities come from imports, so any may appear.
 */
export const CITY_NAMES_THAT_ARE_WORDS = new Set([
  "bath",
  "college",
  "commerce",
  "deal",
  "energy",
  "enterprise",
  "hope",
  "industry",
  "liberty",
  "march",
  "mobile",
  "nice",
  "opportunity",
  "orange",
  "reading",
  "sale",
  "split",
  "university",
  "victoria",
]);
