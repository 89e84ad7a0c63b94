/**
 * The first listings of each type in every demo run: hand-picked, memorable names that search examples, the
 * directory's end-to-end tests and the search-relevance benchmark can rely on. Several share a first word ("Nimbus
 * Pay", "Nimbus Health", "Nimbus Grid", "Nimbus Localization"), their first words invite typos ("nimbsu",
 * "halycon", "safron", "meridain", "kestral") and their taglines use words in one form that a searcher may type in
 * another ("payments" / "payment", "robots" / "robot", "invoices" / "invoice", "clinics" / "clinic").
 */
export interface Landmark {
  name: string;
  type: "startup" | "investor" | "partner";
  /** Primary categories: the first is the sector its text is written from. */
  sectors: readonly string[];
  tagline: string;
  /** Startups: the product of the sector's offer the profile describes, and the customers its tagline names. */
  product?: string;
  customers?: string;
  /** Investors and partners: the key of their kind (company-facts.ts), and an investor's focus option. */
  kind?: string;
  focus?: number;
  /** Countries its text names, when the tagline implies them. */
  countries?: readonly string[];
}

export const LANDMARKS: readonly Landmark[] = [
  {
    name: "Nimbus Pay",
    type: "startup",
    sectors: ["FinTech"],
    product: "cross-border payments app",
    customers: "small importers",
    countries: ["Germany", "China", "Vietnam"],
    tagline: "Cross-border payments for small importers, settled the same day",
  },
  {
    name: "Larkspur Foods",
    type: "startup",
    sectors: ["Agriculture", "Retail"],
    product: "vertical farming system",
    customers: "grocery chains",
    tagline: "Salad greens grown in vertical farms next to the city that eats them",
  },
  {
    name: "Nimbus Health",
    type: "startup",
    sectors: ["Healthcare"],
    product: "remote patient monitoring service",
    customers: "rural clinics",
    tagline: "Remote patient monitoring that lets rural clinics catch problems between visits",
  },
  {
    name: "Halcyon Robotics",
    type: "startup",
    sectors: ["Robotics", "Logistics"],
    product: "warehouse picking robot",
    customers: "e-commerce warehouses",
    tagline: "Picking robots for e-commerce warehouses that learn a new item in minutes",
  },
  {
    name: "Kestrel Grid",
    type: "startup",
    sectors: ["Energy"],
    product: "battery storage scheduling service",
    customers: "solar farms",
    tagline: "Battery scheduling that sells stored solar power when prices peak",
  },
  {
    name: "Larkspur Learn",
    type: "startup",
    sectors: ["Education"],
    product: "language tutoring app",
    customers: "nurses moving abroad",
    tagline: "Language tutoring for nurses preparing to work abroad",
  },
  {
    name: "Nimbus Grid",
    type: "startup",
    sectors: ["Energy", "Battery Technology"],
    product: "virtual power plant",
    customers: "energy cooperatives",
    tagline: "A virtual power plant built from home batteries, heat pumps and EV chargers",
  },
  {
    name: "Kestrel Secure",
    type: "startup",
    sectors: ["Cybersecurity"],
    product: "phishing protection service",
    customers: "small law firms",
    tagline: "Phishing protection for small law firms and accounting practices",
  },
  {
    name: "Meridian Freight",
    type: "startup",
    sectors: ["Logistics"],
    product: "freight invoice audit service",
    customers: "mid-sized shippers",
    tagline: "Freight invoices audited line by line, so shippers stop paying for overcharges",
  },
  {
    name: "Saffron Analytics",
    type: "startup",
    sectors: ["Analytics", "Retail"],
    product: "store-level demand analytics tool",
    customers: "restaurant chains",
    tagline: "Demand forecasts for restaurant chains, by site and by week",
  },
  {
    name: "Tidewell Homes",
    type: "startup",
    sectors: ["Real Estate"],
    product: "property management app",
    customers: "small landlords",
    tagline: "Rent collection and repairs for landlords with a handful of flats",
  },
  {
    name: "Halcyon Bio",
    type: "startup",
    sectors: ["Biotechnology", "Healthcare"],
    product: "rapid diagnostic test",
    customers: "hospital laboratories",
    tagline: "A rapid test that identifies an infection and its antibiotic resistance in under an hour",
  },
  {
    name: "Halcyon Capital",
    type: "investor",
    sectors: ["Energy", "Environmental Services"],
    kind: "early-vc",
    focus: 0,
    tagline: "Seed and Series A investor in energy and climate software",
  },
  {
    name: "Larkspur Ventures",
    type: "investor",
    sectors: ["Agriculture", "Biotechnology"],
    kind: "seed-fund",
    focus: 0,
    tagline: "Pre-seed and seed checks for farming and food founders",
  },
  {
    name: "Kestrel Angels",
    type: "investor",
    sectors: ["Cybersecurity", "Software"],
    kind: "angels",
    focus: 0,
    tagline: "An angel network of former founders backing security startups",
  },
  {
    name: "Meridian Growth",
    type: "investor",
    sectors: ["Logistics", "E-commerce"],
    kind: "growth-vc",
    focus: 0,
    tagline: "Growth capital for logistics and supply-chain companies",
  },
  {
    name: "Saffron Family Office",
    type: "investor",
    sectors: ["Healthcare", "Education"],
    kind: "family-office",
    focus: 0,
    tagline: "Long-term capital for healthcare and education businesses",
  },
  {
    name: "Meridian Market Entry",
    type: "partner",
    sectors: ["Software", "FinTech"],
    kind: "market-entry",
    countries: ["Japan", "South Korea", "Singapore"],
    tagline: "Market entry support for European software companies expanding into Asia",
  },
  {
    name: "Saffron Advisory",
    type: "partner",
    sectors: ["FinTech"],
    kind: "regulatory",
    countries: ["Singapore", "Indonesia", "Vietnam"],
    tagline: "Licensing and regulatory advice for payment companies entering new markets",
  },
  {
    name: "Nimbus Localization",
    type: "partner",
    sectors: ["Software", "E-commerce"],
    kind: "localization",
    tagline: "Product localization for software companies launching in new languages",
  },
  {
    name: "Tidewell Talent",
    type: "partner",
    sectors: ["Software"],
    kind: "hiring",
    countries: ["Poland", "Portugal", "India"],
    tagline: "Hiring and employer-of-record services for startups building teams abroad",
  },
];

/** The first words of the landmark names: never invented again by the name generator. */
export const LANDMARK_BRANDS = [...new Set(LANDMARKS.map((l) => l.name.split(" ")[0]!))];
