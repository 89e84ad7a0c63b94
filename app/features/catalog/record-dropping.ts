/**
 * Spec 01 §3: a source record is dropped if it has no name-like field (name, company name or title) or no
 * type-like field (type, entity type or company type), matched case-insensitively.
 */
const NAME_KEYS = new Set(["name", "company name", "title"]);
const TYPE_KEYS = new Set(["type", "entity type", "company type"]);

function hasValue(fields: Record<string, unknown>, keys: Set<string>): boolean {
  return Object.entries(fields).some(([key, value]) => {
    if (!keys.has(key.trim().toLowerCase())) return false;
    if (typeof value === "string") return value.trim() !== "";
    if (Array.isArray(value)) return value.length > 0;
    return value !== null && value !== undefined;
  });
}

export function shouldDropRecord(fields: Record<string, unknown>): boolean {
  return !hasValue(fields, NAME_KEYS) || !hasValue(fields, TYPE_KEYS);
}
