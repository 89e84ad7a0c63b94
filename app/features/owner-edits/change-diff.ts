/** A proposed value in words for the operator's diff (decision 0115): rows one per line, reference ids by name. */

export interface ReferenceNames {
  industryIds: ReadonlyMap<number, string>;
  countryIds: ReadonlyMap<number, string>;
  fundingStageId: ReadonlyMap<number, string>;
  businessModelId: ReadonlyMap<number, string>;
}

const EMPTY = "(empty)";

export function displayValue(field: string, value: unknown, names: ReferenceNames): string {
  if (value === null || value === undefined || value === "") return EMPTY;
  const named = (names as unknown as Record<string, ReadonlyMap<number, string> | undefined>)[field];
  if (named) {
    const ids = Array.isArray(value) ? value : [value];
    if (!ids.length) return EMPTY;
    return ids.map((id) => named.get(Number(id)) ?? `#${String(id)}`).join(", ");
  }
  if (Array.isArray(value)) {
    if (!value.length) return EMPTY;
    return value
      .map((row) =>
        typeof row === "object" && row !== null
          ? Object.values(row)
              .filter((v) => v !== null && v !== "")
              .map(String)
              .join(" · ")
          : String(row),
      )
      .join("\n");
  }
  return String(value);
}
