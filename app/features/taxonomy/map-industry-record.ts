/**
 * Where an existing industry record goes in the taxonomy (the migration's populate step). What the record says
 * most precisely wins: its key, then its two categories, then a 'Primary: Secondary' name, then its primary
 * category and its name through the provider map and the category matcher; the first that places it (anything but
 * the fallback) decides.
 */
import { matchCategory, type CategoryMatch } from "./category-match.ts";
import { mapProviderCategory } from "./provider-category-map.ts";
import { isTaxonomyKey, parseIndustryKey } from "./taxonomy.ts";

export interface ExistingIndustry {
  name: string;
  primaryCategory: string | null;
  secondaryCategory: string | null;
  industryKey: string | null;
}

/** 'Primary: Secondary' or 'Primary::Secondary' typed as a name. */
const TAXONOMY_NAME = /^([^:]+?)\s*::?\s*([^:]+)$/;

export function mapIndustryRecord(record: ExistingIndustry): CategoryMatch {
  if (record.industryKey && isTaxonomyKey(record.industryKey)) {
    const { primary, secondary } = parseIndustryKey(record.industryKey)!;
    return { primary, secondary, key: record.industryKey, confidence: "exact" };
  }
  const primary = record.primaryCategory?.trim();
  const secondary = record.secondaryCategory?.trim();
  const named = TAXONOMY_NAME.exec(record.name.trim());
  const attempts: Array<() => CategoryMatch> = [
    ...(primary && secondary ? [() => matchCategory(primary, secondary)] : []),
    ...(named ? [() => matchCategory(named[1]!, named[2]!)] : []),
    ...(primary ? [() => mapProviderCategory(primary)] : []),
    () => mapProviderCategory(record.name),
  ];
  let match: CategoryMatch | null = null;
  for (const attempt of attempts) {
    match = attempt();
    if (match.confidence !== "fallback") return match;
  }
  return match!;
}
