/** Test code only: listings as a viewer receives them, with every field set, for the SEO builders' tests. */
import type { ListingDetail, LockedTeaser, VisibleListing } from "~/features/catalog/listing-types.ts";

export function detail(overrides: Partial<ListingDetail> = {}): ListingDetail {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    slug: "alder-pay",
    type: "startup",
    name: "Alder Pay",
    logo: "/media/logo-1",
    tagline: "Payments for clinics",
    industry: ["FinTech", "Healthcare", "AI"],
    geography: ["Europe"],
    fundingStage: "Seed",
    featured: false,
    businessModel: null,
    countries: ["France", "Germany"],
    targetPersonas: ["CFO"],
    listingVisibility: "public",
    description: "Alder Pay builds payment software for clinics.",
    websiteUrl: "https://alderpay.example/",
    linkedinUrl: "https://www.linkedin.com/company/alderpay",
    revenueRange: "1m_to_5m",
    problem: "Clinics lose weeks to manual billing and scattered data, and their tools do not talk to each other at all.",
    solution: "Alder Pay brings billing into one place.",
    timing: "Budgets are shifting.",
    howItWorks: ["Connect", "Bill"],
    keyUseCases: [{ title: "Billing", description: null }],
    team: [{ name: "Jane Moreau", title: "CEO", photo: null, linkedin: null }],
    faqs: [{ question: "How?", answer: "Like this." }],
    hqStreet: "12 Rue de Rivoli",
    hqCity: "Paris",
    hqRegion: "Île-de-France",
    hqPostalCode: "75001",
    phone: "+33142000000",
    contactEmail: "hello@alderpay.example",
    fieldVisibility: {},
    teamSize: "11-50",
    foundedYear: 2019,
    investorType: null,
    ticketSize: null,
    aum: null,
    stageFocus: null,
    amountRaised: null,
    totalFundingRaised: null,
    latestRoundType: null,
    latestRoundDate: null,
    latestRoundAmount: null,
    fundingRoundCount: null,
    fundingRounds: [],
    ...overrides,
  };
}

export function visible(overrides: Partial<VisibleListing> = {}): VisibleListing {
  return { ...detail(), lockedFields: {}, ...overrides };
}

export function teaser(overrides: Partial<LockedTeaser> = {}): LockedTeaser {
  return {
    locked: true,
    id: "00000000-0000-4000-8000-000000000002",
    slug: "atlas-secure",
    type: "startup",
    name: "Atlas Secure",
    logo: null,
    tagline: "Security for banks",
    industry: ["Cybersecurity"],
    geography: ["Europe"],
    fundingStage: "Series A",
    featured: false,
    listingVisibility: "premium",
    ...overrides,
  };
}
