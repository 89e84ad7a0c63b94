/**
 * Reading single cell values of a spreadsheet record leniently (issue 7 §7): bases grow by hand, so field names
 * drift in case and spacing ("Company Linkedin", "Data Last Synched"), numbers arrive as text and links as ids,
 * objects with an id, or plain names. Pure; the mappers build on these.
 */
import { createHash } from "node:crypto";

export type Fields = Readonly<Record<string, unknown>>;

/** "Company LinkedIn", "company_linkedin" and "CompanyLinkedin" are one name. */
const flat = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, "");

/** The value of the first of `names` the record has (matched loosely), or undefined. */
export function pick(fields: Fields, ...names: string[]): unknown {
  const wanted = names.map(flat);
  for (const want of wanted) {
    for (const [key, value] of Object.entries(fields)) if (flat(key) === want && value !== undefined && value !== null) return value;
  }
  return undefined;
}

/** Trimmed text, or null for empty. Lists (a lookup or single select as an array) give their first text. */
export function text(value: unknown): string | null {
  if (Array.isArray(value)) return text(value.find((v) => typeof v === "string" || typeof v === "number"));
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/** 1500000, "1,500,000" or "$1.5e6": a finite number, or null. */
export function num(value: unknown): number | null {
  if (Array.isArray(value)) return num(value[0]);
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string" || value.trim() === "") return null;
  const n = Number(value.replace(/[,\s$€£]/g, ""));
  return Number.isFinite(n) ? n : null;
}

export function int(value: unknown): number | null {
  const n = num(value);
  return n === null ? null : Math.round(n);
}

export function bool(value: unknown): boolean {
  if (typeof value === "string") return ["true", "yes", "1", "checked"].includes(value.trim().toLowerCase());
  return value === true || value === 1;
}

/** Text items of a multiple select, or of a comma-separated text. */
export function textList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [];
  return items.map((v) => text(v)).filter((v): v is string => v !== null);
}

/** Non-empty lines of a long text (or the items of a list), bullets and step numbers removed. */
export function lines(value: unknown): string[] {
  const raw = Array.isArray(value) ? value.map((v) => text(v) ?? "") : (text(value) ?? "").split(/\r?\n/);
  return raw.map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, "").trim()).filter(Boolean);
}

const RECORD_ID = /^rec[A-Za-z0-9]{3,}$/;

/** One linked value: a record id to look up, or a name the base holds as text (a select, not a link). */
export type LinkValue = { id: string; name?: string } | { name: string };

/** A link cell: ["rec1", "rec2"], [{id, name}], "Premium" or "a, b". */
export function links(value: unknown): LinkValue[] {
  const items = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [];
  const out: LinkValue[] = [];
  for (const item of items) {
    if (typeof item === "string" && item.trim()) {
      const v = item.trim();
      out.push(RECORD_ID.test(v) ? { id: v } : { name: v });
    } else if (item && typeof item === "object" && typeof (item as { id?: unknown }).id === "string") {
      const { id, name } = item as { id: string; name?: unknown };
      out.push(typeof name === "string" && name.trim() ? { id, name: name.trim() } : { id });
    }
  }
  return out;
}

/** An attachment object as the API sends it. */
export interface AttachmentRef {
  id: string;
  url: string;
  filename: string;
  size: number | null;
  type: string | null;
}

export function attachments(value: unknown): AttachmentRef[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): AttachmentRef[] => {
    if (!item || typeof item !== "object") return [];
    const a = item as Record<string, unknown>;
    if (typeof a.url !== "string" || !a.url) return [];
    return [
      {
        id: typeof a.id === "string" ? a.id : a.url,
        url: a.url,
        filename: typeof a.filename === "string" ? a.filename : "attachment",
        size: num(a.size),
        type: typeof a.type === "string" ? a.type.toLowerCase() : null,
      },
    ];
  });
}

/**
 * A hash of a record's fields for skipping unchanged records on the next import: stable across field order, and
 * blind to attachment urls, which the API signs afresh on every read (the attachment id says what file it is).
 */
export function contentHash(record: { fields: Fields }): string {
  return createHash("sha256").update(stableJson(record.fields)).digest("hex");
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const object = value as Record<string, unknown>;
    const isAttachment = typeof object.id === "string" && object.id.startsWith("att");
    const keys = Object.keys(object)
      .filter((k) => object[k] !== undefined && !(isAttachment && (k === "url" || k === "thumbnails")))
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson(object[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
