/**
 * The fixed map from the lead-data provider's category names to taxonomy keys (spec 02 §3: "A fixed map turns
 * provider category names into 'Primary::Secondary' industries"). Names the category matcher would place anyway
 * (a primary name, a secondary label) are left out; what is here is a decision a person made: "Health Care" is
 * Healthcare's services, "Biotech" is life sciences, "Renewable Energy" is clean energy.
 */
import { matchCategory, type CategoryMatch } from "./category-match.ts";
import { industryKey, parseIndustryKey } from "./taxonomy.ts";

export const PROVIDER_CATEGORY_MAP: Readonly<Record<string, string>> = {
  // AI
  "Artificial Intelligence": "AI::Applied AI",
  "Artificial Intelligence (AI)": "AI::Applied AI",
  "Deep Learning": "AI::Machine Learning",
  NLP: "AI::Natural Language Processing",
  Chatbot: "AI::Conversational AI",
  "Image Recognition": "AI::Computer Vision",
  "Intelligent Systems": "AI::Applied AI",
  // Software
  "Information Technology": "Software::Technology",
  Internet: "Software::Technology",
  "Software Development": "Software::Technology",
  "Cloud Infrastructure": "Software::Cloud Computing",
  "Cloud Data Services": "Software::Cloud Computing",
  "Developer APIs": "Software::Developer Tools",
  Apps: "Software::Mobile Apps",
  Mobile: "Software::Mobile Apps",
  IoT: "Software::Internet of Things",
  "B2B Software": "Software::Enterprise Software",
  "Enterprise Applications": "Software::Enterprise Software",
  // Analytics
  "Data and Analytics": "Analytics::Data Analytics",
  "Data Science": "Analytics::Data Analytics",
  Database: "Analytics::Data Infrastructure",
  // FinTech
  Finance: "FinTech::Financial Services",
  "Financial Technology": "FinTech::Financial Services",
  "Mobile Payments": "FinTech::Payments",
  Credit: "FinTech::Lending",
  "Credit Cards": "FinTech::Payments",
  Insurance: "FinTech::InsurTech",
  "Wealth Management": "FinTech::WealthTech",
  Compliance: "FinTech::RegTech",
  Accounting: "FinTech::Financial Services",
  // Healthcare and life sciences
  "Health Care": "Healthcare::Health Services",
  "Health and Wellness": "Healthcare::Wellness",
  "Medical Device": "Healthcare::Medical Devices",
  Medical: "Healthcare::Health Services",
  Telehealth: "Healthcare::Telemedicine",
  "Health Diagnostics": "Healthcare::Diagnostics",
  "Electronic Health Record (EHR)": "Healthcare::Healthcare IT",
  Biotech: "Biotechnology::Life Sciences",
  "Life Science": "Biotechnology::Life Sciences",
  Pharmaceutical: "Biotechnology::Pharmaceuticals",
  Genetics: "Biotechnology::Genomics",
  // Commerce
  "E-Commerce": "E-commerce::E-commerce Platforms",
  Ecommerce: "E-commerce::E-commerce Platforms",
  Marketplace: "E-commerce::Online Marketplaces",
  "Online Marketplace": "E-commerce::Online Marketplaces",
  "Retail Technology": "Retail::Retail Technology",
  "Consumer Products": "Retail::Consumer Goods",
  "Food and Beverage": "Retail::Food & Beverage",
  Apparel: "Retail::Fashion",
  // Web3
  Bitcoin: "Web3::Cryptocurrency",
  Ethereum: "Web3::Blockchain",
  "Decentralized Finance (DeFi)": "Web3::DeFi",
  NFT: "Web3::NFTs",
  Crypto: "Web3::Cryptocurrency",
  // Energy and environment
  "Renewable Energy": "Energy::Clean Energy",
  "Solar Energy": "Energy::Solar",
  "Wind Energy": "Energy::Wind",
  "Oil and Gas": "Energy::Oil & Gas",
  Battery: "Battery Technology::Energy Storage",
  "Electric Vehicle": "Battery Technology::Electric Vehicles",
  CleanTech: "Environmental Services::Climate Tech",
  GreenTech: "Environmental Services::Sustainability",
  "Water Purification": "Environmental Services::Water Technology",
  // Security
  "Cyber Security": "Cybersecurity::Security",
  "Network Security": "Cybersecurity::Network Security",
  "Identity Management": "Cybersecurity::Identity & Access Management",
  Privacy: "Cybersecurity::Data Privacy",
  Fraud: "Cybersecurity::Threat Intelligence",
  // Education
  "E-Learning": "Education::Online Learning",
  Training: "Education::Corporate Training",
  // Marketing and media
  AdTech: "Marketing::Advertising",
  "Digital Marketing": "Marketing::Digital Marketing",
  "Lead Generation": "Marketing::Customer Engagement",
  CRM: "Marketing::Customer Engagement",
  Content: "Media::Digital Media",
  "Video Streaming": "Media::Streaming",
  "Video Games": "Media::Gaming",
  "Social Network": "Media::Social Media",
  Film: "Arts::Film & Video",
  Art: "Arts::Creative Industries",
  // Logistics and mobility
  "Supply Chain Management": "Logistics::Supply Chain",
  Shipping: "Logistics::Freight",
  Delivery: "Logistics::Last-Mile Delivery",
  Transportation: "Logistics::Mobility",
  "Autonomous Vehicles": "Robotics::Autonomous Vehicles",
  // Industry and hardware
  "Industrial Automation": "Manufacturing::Automation",
  Industrial: "Manufacturing::Industrial Technology",
  Hardware: "Manufacturing::Industrial Technology",
  "Building Material": "Construction::Building Materials",
  "Space Travel": "Aerospace & Defense::Space Technology",
  Military: "Aerospace & Defense::Defense",
  Semiconductor: "Science::Deep Tech",
  "Research and Development": "Science::Research",
  // Property, travel, sport, beauty
  "Property Development": "Real Estate::Real Estate Investment",
  Coworking: "Real Estate::Co-working",
  "Hotels and Lodging": "Travel::Hospitality",
  eSports: "Sports::Esports",
  "Skin Care": "Cosmetics::Skincare",
  // Agriculture
  Farming: "Agriculture::Food Production",
  AgriTech: "Agriculture::AgTech",
  // Investment and non-profit
  "Venture Capital": "VC & Investment::Venture Capital",
  "Angel Investment": "VC & Investment::Angel Investment",
  "Impact Investing": "VC & Investment::Impact Investing",
  Nonprofit: "Non-profit::Social Impact",
  "Non Profit": "Non-profit::Social Impact",
  Charity: "Non-profit::Charity",
  // Telecommunications
  Telecom: "Telecommunications::Telecom Services",
  "Mobile Networks": "Telecommunications::Wireless",
};

const BY_LOWER = new Map(Object.entries(PROVIDER_CATEGORY_MAP).map(([name, key]) => [name.trim().toLowerCase(), key]));

/**
 * A provider category as a taxonomy record: the fixed map first (exact: someone decided it), then the category
 * matcher's rules (spec 02 §4).
 */
export function mapProviderCategory(name: string): CategoryMatch {
  const key = BY_LOWER.get(name.trim().toLowerCase());
  const parsed = key ? parseIndustryKey(key) : null;
  if (parsed) return { ...parsed, key: industryKey(parsed.primary, parsed.secondary), confidence: "exact" };
  return matchCategory(name);
}
