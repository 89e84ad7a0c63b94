/** Reading a Companies record's cells for map-spreadsheet-record.ts: each doubt becomes a warning or an unresolved link. */
import { normalizePhoneNumber } from "../../catalog/phone-number.ts";
import { importedWebUrl } from "~/lib/web-url.ts";
import type { ReferenceIndex, ReferenceTable, UnresolvedLink } from "./map-spreadsheet-record.ts";
import { links, pick, text, type Fields } from "./spreadsheet-values.ts";

/**
 * Reads one record's cells: link fields through the reference tables, web addresses and capped texts checked. What
 * it could not honour becomes a warning, and a link to a record not in its table an unresolved link, in the order
 * the cells are read.
 */
export function cellReader(fields: Fields, refs: ReferenceIndex) {
  const warnings: string[] = [];
  const unresolved: UnresolvedLink[] = [];
  /** Names of the records a link field points at, through the reference table's index. */
  const resolve = (field: string, table: ReferenceTable): string[] =>
    links(pick(fields, field)).flatMap((link) => {
      const name = "id" in link ? (refs.names[table]?.get(link.id) ?? link.name) : link.name;
      if (name === undefined && "id" in link) unresolved.push({ field, id: link.id });
      return name === undefined ? [] : [name];
    });
  const single = (field: string, table: ReferenceTable) => {
    const names = resolve(field, table);
    if (names.length > 1) warnings.push(`${field} links ${names.length} records; the first, "${names[0]}", is kept`);
    return names[0] ?? null;
  };
  /** A cell that should hold a web address: stored only when it is http(s) (lib/web-url.ts), else dropped with a warning. */
  const webUrl = (field: string, value: unknown): string | null => {
    const raw = text(value);
    const url = raw === null ? null : importedWebUrl(raw);
    if (raw !== null && url === null) warnings.push(`${field} is not an http(s) web address: left empty`);
    return url;
  };
  // Over its column's limit a value would fail the whole record at the database: left empty with a warning instead.
  const capped = (field: string, max: number, raw: unknown) => {
    const value = text(raw);
    if (value !== null && value.length > max) {
      warnings.push(`${field} is longer than ${max} characters: left empty`);
      return null;
    }
    return value;
  };
  return { warnings, unresolved, resolve, single, webUrl, capped };
}
export type CellReader = ReturnType<typeof cellReader>;

/** The people the Employees field links, through the People table. */
export function readTeam(fields: Fields, refs: ReferenceIndex, { unresolved }: CellReader) {
  return links(pick(fields, "Employees")).flatMap((link) => {
    const person = "id" in link ? refs.people?.get(link.id) : undefined;
    if (!person && "id" in link && refs.people) unresolved.push({ field: "Employees", id: link.id });
    return person ? [person] : [];
  });
}

/** The phone (international form only) and the contact e-mail, each left empty with a warning when it is not one. */
export function readPhoneAndEmail(fields: Fields, { warnings, capped }: CellReader) {
  const rawPhone = text(pick(fields, "Phone", "Company Phone"));
  // International form only: the record's countries are names resolved later, and a guessed country would store
  // someone else's number.
  const phone = rawPhone === null ? null : normalizePhoneNumber(rawPhone);
  if (rawPhone !== null && phone === null) warnings.push("Phone is not a phone number with its country code: left empty");
  const rawEmail = capped("Contact Email", 254, pick(fields, "Contact Email", "Company Email"));
  const contactEmail = rawEmail !== null && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(rawEmail) ? rawEmail.toLowerCase() : null;
  if (rawEmail !== null && contactEmail === null) warnings.push("Contact Email is not an e-mail address: left empty");
  return { phone, contactEmail };
}
