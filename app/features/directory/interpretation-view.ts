/**
 * What the page shows of an interpretation (decision 0083): a chip per filter a search's words became, each a link to
 * the same page without it, and a link that searches the words as typed. Made from the search as typed (the
 * `interpreted` parameter of the page's own address) and the filters still in the address: a chip whose filter was
 * taken away is not shown again.
 */
import type { ReferenceData } from "../catalog/reference-data.server.ts";
import { directoryQueryToParams, type DirectoryQuery } from "./directory-filters.ts";
import { interpretSearch, type InterpretedTerm, type PhraseMeanings } from "./query-interpretation.ts";

export interface InterpretationChip {
  /** What the filter is, in words: "Startups", "FinTech", "Sweden, Denmark, Finland". */
  label: string;
  /** The words of the search it came from. */
  words: string;
  /** The page's parameters without this filter. */
  removeParams: string;
}

export interface InterpretationView {
  original: string;
  chips: InterpretationChip[];
  /** The page's parameters searching the words as typed, with no interpretation. */
  literalParams: string;
}

const TYPE_LABELS: Record<string, string> = { startup: "Startups", investor: "Investors", partner: "Partners" };

function chipLabel(term: InterpretedTerm): string {
  if (term.filter === "type") return TYPE_LABELS[term.values[0]!]!;
  // A city alone reads as a market ("Berlin"): the chip says it is where listings are based.
  if (term.filter === "cities") return `Based in ${term.values.join(", ")}`;
  return term.values.join(", ");
}

function holds(query: DirectoryQuery, term: InterpretedTerm): boolean {
  if (term.filter === "type") return query.entityType === term.values[0];
  const have = new Set(query[term.filter].map((v) => v.toLowerCase()));
  return term.values.every((v) => have.has(v.toLowerCase()));
}

function without(query: DirectoryQuery, terms: InterpretedTerm[]): DirectoryQuery {
  const out: DirectoryQuery = { ...query, page: 1 };
  for (const term of terms) {
    if (term.filter === "type") delete out.entityType;
    else {
      const gone = new Set(term.values.map((v) => v.toLowerCase()));
      out[term.filter] = out[term.filter].filter((v) => !gone.has(v.toLowerCase()));
    }
  }
  return out;
}

/** The chips of a page whose address says it was read from `original`, or null when none of its filters is left. */
export function interpretationView(
  original: string,
  query: DirectoryQuery,
  ref: ReferenceData,
  meanings?: PhraseMeanings,
): InterpretationView | null {
  // The page already decided that `original` is no listing's name when it read it into filters.
  const read = interpretSearch(original, ref, () => false, meanings);
  const terms = read?.terms.filter((term) => holds(query, term)) ?? [];
  if (!terms.length) return null;
  const chips = terms.map((term) => {
    const rest = directoryQueryToParams(without(query, [term]));
    if (terms.length > 1) rest.set("interpreted", original);
    return {
      label: chipLabel(term),
      words: term.words,
      removeParams: rest.toString(),
    };
  });
  const literal = directoryQueryToParams({ ...without(query, terms), searchQuery: original });
  literal.set("interpret", "false");
  return { original, chips, literalParams: literal.toString() };
}
