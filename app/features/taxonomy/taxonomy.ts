/**
 * The industry taxonomy (spec 02 §3 "Industry taxonomy"): the 32 primary categories the specification lists, each
 * with its secondary labels. An industry record is one (primary, secondary) pair, named 'Primary: Secondary' with
 * the key 'Primary::Secondary'. A secondary label may sit under several primaries ("Data Analytics",
 * "Sustainability"); each pairing is its own record.
 *
 * The first secondary of each primary is its broadest label: a record known only by its primary category (the flat
 * list the product shipped with) becomes that one (spec 02 §4, "fuzzy with the first secondary").
 */

export const PRIMARY_CATEGORIES = [
  "AI",
  "Marketing",
  "Aerospace & Defense",
  "Agriculture",
  "Analytics",
  "Architecture",
  "Arts",
  "FinTech",
  "Battery Technology",
  "Cosmetics",
  "Biotechnology",
  "Web3",
  "Construction",
  "Sports",
  "Retail",
  "Cybersecurity",
  "E-commerce",
  "Education",
  "Energy",
  "Environmental Services",
  "Healthcare",
  "Manufacturing",
  "Software",
  "Logistics",
  "Media",
  "Non-profit",
  "Real Estate",
  "Robotics",
  "Science",
  "Telecommunications",
  "Travel",
  "VC & Investment",
] as const;

export type PrimaryCategory = (typeof PRIMARY_CATEGORIES)[number];

export const TAXONOMY: Readonly<Record<PrimaryCategory, readonly string[]>> = {
  AI: [
    "Applied AI",
    "Machine Learning",
    "Generative AI",
    "Computer Vision",
    "Natural Language Processing",
    "Conversational AI",
    "AI Infrastructure",
    "Predictive Analytics",
  ],
  Marketing: [
    "Digital Marketing",
    "Advertising",
    "Marketing Automation",
    "Social Media",
    "Content Marketing",
    "Customer Engagement",
    "Market Research",
  ],
  "Aerospace & Defense": ["Aerospace", "Defense", "Space Technology", "Drones", "Aviation", "Satellite Communications"],
  Agriculture: ["AgTech", "Precision Agriculture", "Food Production", "Vertical Farming", "Agricultural Biotechnology", "Sustainability"],
  Analytics: ["Data Analytics", "Business Intelligence", "Big Data", "Data Visualization", "Predictive Analytics", "Data Infrastructure"],
  Architecture: [
    "Architectural Design",
    "Interior Design",
    "Urban Planning",
    "Landscape Architecture",
    "Building Information Modeling",
    "Sustainability",
  ],
  Arts: ["Creative Industries", "Design", "Music", "Film & Video", "Performing Arts", "Gaming"],
  FinTech: [
    "Financial Services",
    "Payments",
    "Banking",
    "Lending",
    "InsurTech",
    "WealthTech",
    "RegTech",
    "Personal Finance",
    "Cryptocurrency",
  ],
  "Battery Technology": [
    "Energy Storage",
    "Battery Materials",
    "Battery Recycling",
    "Electric Vehicles",
    "Charging Infrastructure",
    "Battery Management Systems",
  ],
  Cosmetics: ["Beauty", "Skincare", "Personal Care", "Clean Beauty", "Fragrance", "Hair Care"],
  Biotechnology: [
    "Life Sciences",
    "Drug Discovery",
    "Genomics",
    "Synthetic Biology",
    "Pharmaceuticals",
    "Medical Devices",
    "Agricultural Biotechnology",
  ],
  Web3: ["Blockchain", "Cryptocurrency", "DeFi", "NFTs", "Digital Assets", "Decentralized Infrastructure"],
  Construction: [
    "Construction Technology",
    "Building Materials",
    "Infrastructure",
    "Modular Construction",
    "Project Management",
    "Sustainability",
  ],
  Sports: ["Sports Technology", "Fitness", "Esports", "Sports Analytics", "Wellness", "Outdoor Recreation"],
  Retail: ["Retail Technology", "Consumer Goods", "Fashion", "Food & Beverage", "Point of Sale", "Supply Chain"],
  Cybersecurity: [
    "Security",
    "Network Security",
    "Identity & Access Management",
    "Cloud Security",
    "Threat Intelligence",
    "Data Privacy",
    "Application Security",
  ],
  "E-commerce": ["E-commerce Platforms", "Online Marketplaces", "Direct-to-Consumer", "Payments", "Fulfillment", "Social Commerce"],
  Education: ["EdTech", "Online Learning", "Corporate Training", "K-12", "Higher Education", "Language Learning", "Skills & Careers"],
  Energy: ["Clean Energy", "Solar", "Wind", "Hydrogen", "Energy Storage", "Energy Efficiency", "Smart Grid", "Oil & Gas"],
  "Environmental Services": [
    "Sustainability",
    "Climate Tech",
    "Waste Management",
    "Recycling",
    "Water Technology",
    "Carbon Management",
    "Environmental Consulting",
  ],
  Healthcare: [
    "Health Services",
    "Digital Health",
    "Medical Devices",
    "Telemedicine",
    "Mental Health",
    "Healthcare IT",
    "Diagnostics",
    "Wellness",
  ],
  Manufacturing: [
    "Industrial Technology",
    "Advanced Manufacturing",
    "3D Printing",
    "Industrial IoT",
    "Automation",
    "Supply Chain",
    "Materials",
  ],
  Software: [
    "Technology",
    "SaaS",
    "Enterprise Software",
    "Developer Tools",
    "Cloud Computing",
    "Mobile Apps",
    "Open Source",
    "Data Analytics",
    "Internet of Things",
  ],
  Logistics: ["Supply Chain", "Freight", "Last-Mile Delivery", "Fleet Management", "Warehousing", "Mobility"],
  Media: ["Digital Media", "Publishing", "Entertainment", "Streaming", "Gaming", "News", "Social Media"],
  "Non-profit": ["Social Impact", "Charity", "Community Development", "Education Access", "Global Health", "Sustainability"],
  "Real Estate": [
    "PropTech",
    "Commercial Real Estate",
    "Residential Real Estate",
    "Property Management",
    "Co-working",
    "Real Estate Investment",
  ],
  Robotics: ["Industrial Robotics", "Service Robotics", "Autonomous Vehicles", "Drones", "Automation", "Medical Robotics"],
  Science: ["Research", "Deep Tech", "Materials Science", "Quantum Computing", "Nanotechnology", "Life Sciences", "Laboratory Technology"],
  Telecommunications: [
    "Telecom Services",
    "Wireless",
    "5G",
    "Networking",
    "Satellite Communications",
    "Internet of Things",
    "Unified Communications",
  ],
  Travel: ["Travel Technology", "Hospitality", "Tourism", "Booking Platforms", "Mobility", "Business Travel"],
  "VC & Investment": [
    "Venture Capital",
    "Private Equity",
    "Angel Investment",
    "Asset Management",
    "Accelerators & Incubators",
    "Corporate Venture",
    "Impact Investing",
  ],
};

/** Where anything that matches nothing goes (spec 02 §4). */
export const FALLBACK = { primary: "Software", secondary: "Technology" } as const satisfies { primary: PrimaryCategory; secondary: string };

/** 'Primary: Secondary' (spec 02 §3 "Industry": Name). */
export function industryName(primary: string, secondary: string): string {
  return `${primary}: ${secondary}`;
}

/** 'Primary::Secondary' (spec 02 §3 "Industry": Industry Key). */
export function industryKey(primary: string, secondary: string): string {
  return `${primary}::${secondary}`;
}

/** The two categories of a key, or null when it is not 'Primary::Secondary'. */
export function parseIndustryKey(key: string): { primary: string; secondary: string } | null {
  const parts = key.split("::");
  if (parts.length !== 2) return null;
  const [primary, secondary] = parts.map((p) => p.trim()) as [string, string];
  return primary && secondary ? { primary, secondary } : null;
}

export interface TaxonomyRecord {
  primary: PrimaryCategory;
  secondary: string;
  name: string;
  key: string;
}

/** Every record of the taxonomy, primaries in the specification's order, secondaries in their list order. */
export function taxonomyRecords(): TaxonomyRecord[] {
  return PRIMARY_CATEGORIES.flatMap((primary) =>
    TAXONOMY[primary].map((secondary) => ({
      primary,
      secondary,
      name: industryName(primary, secondary),
      key: industryKey(primary, secondary),
    })),
  );
}

/** The records of one primary category. */
export function recordsOf(primary: PrimaryCategory): TaxonomyRecord[] {
  return TAXONOMY[primary].map((secondary) => ({
    primary,
    secondary,
    name: industryName(primary, secondary),
    key: industryKey(primary, secondary),
  }));
}

const KEYS = new Set(taxonomyRecords().map((r) => r.key));

export function isTaxonomyKey(key: string): boolean {
  return KEYS.has(key);
}

/** The screen's stats (spec 02 §2): primary categories, total industries, average per category (one decimal). */
export function taxonomyStats(): { primaryCategories: number; totalIndustries: number; averagePerCategory: number } {
  const totalIndustries = KEYS.size;
  return {
    primaryCategories: PRIMARY_CATEGORIES.length,
    totalIndustries,
    averagePerCategory: Math.round((totalIndustries / PRIMARY_CATEGORIES.length) * 10) / 10,
  };
}
