/** Reference ids as a fresh database assigns them, for generator tests that need no database. Test code only. */
import type { ReferenceIds } from "./generate-listings.ts";
import * as ref from "./reference-data.ts";

export function testReferences(): ReferenceIds {
  const geographies = ref.GEOGRAPHIES.map((name, i) => ({ id: i + 1, name }));
  return {
    industries: ref.PRIMARY_CATEGORIES.map((name, i) => ({ id: i + 1, name })),
    geographies,
    countries: ref.COUNTRIES.map(([name, , geo], i) => ({ id: i + 1, name, geographyId: geographies.find((g) => g.name === geo)!.id })),
    fundingStages: ref.FUNDING_STAGES.map((name, i) => ({ id: i + 1, name })),
    personas: ref.TARGET_PERSONAS.map((name, i) => ({ id: i + 1, name })),
    businessModels: ref.BUSINESS_MODELS.map(([code], i) => ({ id: i + 1, code })),
    revenueRanges: ref.REVENUE_RANGES.map(([code], i) => ({ id: i + 1, code })),
  };
}
