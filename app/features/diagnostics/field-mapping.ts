/**
 * Field mapping (spec 02 §4 "Field mapping confidence"): how sure we are that a known field name and a detected
 * field or column are the same thing, and the one-to-one mapping of a whole list of known fields onto what a source
 * really has. Pure: the schema diagnostics run it on our own database and on a spreadsheet base alike.
 */

/** Spec 02 §4: exact, case (differs only in case), partial (substring match) or none. */
export type MatchConfidence = "exact" | "case" | "partial" | "none";

/** A mapping's confidence: one of the spec's, or "alias" when our alias table declared the pair. */
export type MappingConfidence = Exclude<MatchConfidence, "none"> | "alias";

/** Shorter keys than this never count as a substring match: "id" is inside half the columns of any table. */
const MIN_PARTIAL_LENGTH = 3;

/**
 * The words of a field or column name, lower case, whatever its writing convention: "LOT Company ID",
 * "lot_company_id" and "LotCompanyId" all give [lot, company, id].
 */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

const key = (name: string) => nameWords(name).join("");

/**
 * The confidence that `known` and `detected` name the same field. "case" also covers a difference of writing
 * convention alone (Description / description, WebsiteUrl / website_url): the words are the same, only their
 * capitals and separators differ. "partial": one name's words, run together, contain the other's.
 */
export function matchConfidence(known: string, detected: string): MatchConfidence {
  if (known === detected) return "exact";
  const a = key(known);
  const b = key(detected);
  if (!a || !b) return "none";
  if (a === b) return "case";
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return shorter.length >= MIN_PARTIAL_LENGTH && longer.includes(shorter) ? "partial" : "none";
}

/** A field the source should have: its name and the other names it goes by ("WebsiteUrl / Website"). */
export interface KnownField {
  name: string;
  alternatives?: readonly string[];
}

/** Where an alias points: a detected field or column, or a whole related table (our linked records). */
export type AliasTarget = { column: string } | { table: string };

export interface MappedField {
  field: string;
  /** The detected field or column, or the related table when `kind` is "table". */
  target: string;
  kind: "field" | "table";
  confidence: MappingConfidence;
}

export interface FieldMapping {
  mapped: MappedField[];
  /** Known fields nothing detected maps to. */
  missing: string[];
  /** Detected fields no known field maps to. */
  extra: string[];
}

export interface MappingInput {
  known: readonly KnownField[];
  /** The source's field or column names. */
  detected: readonly string[];
  /** Tables the source has beside this one, for aliases that point at a table. */
  tables?: readonly string[];
  /** Declared pairs for names no rule can match (spec "Company LinkedIn" is our linkedin_url). */
  aliases?: Readonly<Record<string, AliasTarget>>;
}

const RANK: Record<MappingConfidence, number> = { exact: 0, case: 1, alias: 2, partial: 3 };

/**
 * Maps every known field to at most one detected field and back. Aliases are taken first (they are what we know);
 * then name matches, best first (exact, case, partial, and among partial ones the closest in length), each
 * detected field used once, so "Type" takes `type` before "Latest Round Type" could claim it as a substring.
 */
export function mapFields({ known, detected, tables = [], aliases = {} }: MappingInput): FieldMapping {
  const mapped = new Map<string, MappedField>();
  const used = new Set<string>();
  const detectedSet = new Set(detected);
  const tableSet = new Set(tables);

  for (const field of known) {
    const target = aliases[field.name];
    if (!target) continue;
    if ("table" in target) {
      if (tableSet.has(target.table))
        mapped.set(field.name, { field: field.name, target: target.table, kind: "table", confidence: "alias" });
    } else if (detectedSet.has(target.column) && !used.has(target.column)) {
      mapped.set(field.name, { field: field.name, target: target.column, kind: "field", confidence: "alias" });
      used.add(target.column);
    }
  }

  const candidates: Array<{ field: string; target: string; confidence: MappingConfidence; gap: number }> = [];
  for (const field of known) {
    if (mapped.has(field.name)) continue;
    for (const name of [field.name, ...(field.alternatives ?? [])]) {
      for (const target of detected) {
        const confidence = matchConfidence(name, target);
        if (confidence !== "none")
          candidates.push({ field: field.name, target, confidence, gap: Math.abs(key(name).length - key(target).length) });
      }
    }
  }
  candidates.sort((x, y) => RANK[x.confidence] - RANK[y.confidence] || x.gap - y.gap);
  for (const c of candidates) {
    if (mapped.has(c.field) || used.has(c.target)) continue;
    mapped.set(c.field, { field: c.field, target: c.target, kind: "field", confidence: c.confidence });
    used.add(c.target);
  }

  return {
    mapped: known.flatMap((f) => mapped.get(f.name) ?? []),
    missing: known.filter((f) => !mapped.has(f.name)).map((f) => f.name),
    extra: detected.filter((d) => !used.has(d)),
  };
}

/** Spec 02 §2 "Companies table comparison": known against detected fields. */
export interface FieldComparison {
  known: number;
  detected: number;
  matched: number;
  /** matched / known, 0 to 1 (0 when nothing is known). */
  detectionRate: number;
  notDetected: string[];
  mapping: FieldMapping;
}

export function compareFields(input: MappingInput): FieldComparison {
  const mapping = mapFields(input);
  const known = input.known.length;
  return {
    known,
    detected: input.detected.length,
    matched: mapping.mapped.length,
    detectionRate: known === 0 ? 0 : mapping.mapped.length / known,
    notDetected: mapping.missing,
    mapping,
  };
}

/** A rate as a percentage with one decimal, as the operator screens show coverage: 0.8787 -> "87.9%". */
export function formatRate(rate: number): string {
  return `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}
