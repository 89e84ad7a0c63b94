/**
 * Stripe's error answers: `{ error: { type, code?, message, param?, decline_code?, doc_url? } }` with the real
 * statuses (400 bad parameters, 401 a bad key, 402 a declined card, 404 an unknown object in the path, 429 too many
 * requests). The official client picks its error class from the status (and `idempotency_error` from the type), so
 * the statuses matter as much as the bodies. A parameter naming an unknown object is a 400 with `param`; an unknown
 * object in the path is a 404.
 */
import type { FormObject } from "./form-body.ts";

export interface StripeErrorBody {
  type: "invalid_request_error" | "api_error" | "card_error" | "idempotency_error";
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  doc_url?: string;
  [key: string]: unknown;
}

export class StripeFakeError extends Error {
  readonly status: number;
  readonly body: StripeErrorBody;
  readonly headers: Record<string, string>;

  constructor(status: number, body: StripeErrorBody, headers: Record<string, string> = {}) {
    super(body.message);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

const doc = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`;

export const missingParam = (param: string) =>
  new StripeFakeError(400, {
    type: "invalid_request_error",
    code: "parameter_missing",
    doc_url: doc("parameter_missing"),
    message: `Missing required param: ${param}.`,
    param,
  });

export const invalidParam = (param: string, message: string, code?: string) =>
  new StripeFakeError(400, { type: "invalid_request_error", message, param, ...(code ? { code, doc_url: doc(code) } : {}) });

/** An object that does not exist: 404 when its id is the path, 400 naming the parameter when a parameter names it. */
export const noSuch = (kind: string, id: string, param?: string) =>
  new StripeFakeError(param ? 400 : 404, {
    type: "invalid_request_error",
    code: "resource_missing",
    doc_url: doc("resource_missing"),
    message: `No such ${kind}: '${id}'`,
    param: param ?? "id",
  });

export const badRequest = (message: string, extra: Partial<StripeErrorBody> = {}) =>
  new StripeFakeError(400, { type: "invalid_request_error", message, ...extra });

/** What Stripe answers when a card refuses a charge the request itself made: 402 card_error with the decline code. */
export const cardDeclined = (code: string, declineCode: string, message: string) =>
  new StripeFakeError(402, { type: "card_error", code, decline_code: declineCode, doc_url: doc(code), message });

/** Typed reading of nested form parameters; every refusal names the parameter the way Stripe does (`items[0][price]`). */
export class Params {
  readonly value: FormObject;
  private readonly prefix: string;

  constructor(value: FormObject, prefix = "") {
    this.value = value;
    this.prefix = prefix;
  }

  name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.value[key] !== undefined;
  }

  string(key: string): string | undefined;
  string(key: string, required: true): string;
  string(key: string, required = false): string | undefined {
    const raw = this.value[key];
    if (raw === undefined || raw === "") {
      if (required) throw missingParam(this.name(key));
      return raw === "" ? "" : undefined;
    }
    if (typeof raw !== "string")
      throw invalidParam(this.name(key), `Invalid string: ${this.name(key)} must be a string`, "parameter_invalid_string");
    return raw;
  }

  int(key: string, { min = -Infinity, max = Infinity }: { min?: number; max?: number } = {}): number | undefined {
    const raw = this.string(key);
    if (raw === undefined || raw === "") return undefined;
    if (!/^-?\d+$/.test(raw)) throw invalidParam(this.name(key), `Invalid integer: ${raw}`, "parameter_invalid_integer");
    const n = Number(raw);
    if (n < min || n > max)
      throw invalidParam(this.name(key), `Invalid integer: ${raw} (must be between ${min} and ${max})`, "parameter_invalid_integer");
    return n;
  }

  bool(key: string): boolean | undefined {
    const raw = this.string(key);
    if (raw === undefined || raw === "") return undefined;
    if (raw !== "true" && raw !== "false") throw invalidParam(this.name(key), `Invalid boolean: ${raw}`);
    return raw === "true";
  }

  oneOf<T extends string>(key: string, values: readonly T[]): T | undefined {
    const raw = this.string(key);
    if (raw === undefined || raw === "") return undefined;
    if (!(values as readonly string[]).includes(raw))
      throw invalidParam(this.name(key), `Invalid ${this.name(key)}: must be one of ${values.join(", ")}`);
    return raw as T;
  }

  object(key: string): Params | undefined {
    const raw = this.value[key];
    if (raw === undefined || raw === "") return undefined;
    if (typeof raw === "string" || Array.isArray(raw))
      throw invalidParam(this.name(key), `Invalid object: ${this.name(key)} must be a hash`);
    return new Params(raw, this.name(key));
  }

  /** An array of hashes (`items[0][price]`). */
  objects(key: string): Params[] {
    const raw = this.value[key];
    if (raw === undefined || raw === "") return [];
    if (!Array.isArray(raw)) throw invalidParam(this.name(key), `Invalid array: ${this.name(key)} must be an array`);
    return raw.map((item, i) => {
      if (typeof item !== "object" || Array.isArray(item))
        throw invalidParam(`${this.name(key)}[${i}]`, `Invalid object: ${this.name(key)}[${i}] must be a hash`);
      return new Params(item, `${this.name(key)}[${i}]`);
    });
  }

  /** An array of strings (`expand[]`, `lookup_keys[]`); a lone value counts as one. */
  strings(key: string): string[] {
    const raw = this.value[key];
    if (raw === undefined || raw === "") return [];
    if (typeof raw === "string") return [raw];
    if (!Array.isArray(raw) || !raw.every((v) => typeof v === "string"))
      throw invalidParam(this.name(key), `Invalid array: ${this.name(key)} must be an array of strings`);
    return raw as string[];
  }

  /** Metadata to merge: `metadata[k]=v` sets, `metadata[k]=` removes, `metadata=` clears all (null). */
  metadata(key = "metadata"): Record<string, string> | null | undefined {
    const raw = this.value[key];
    if (raw === undefined) return undefined;
    if (raw === "") return null;
    if (typeof raw === "string" || Array.isArray(raw))
      throw invalidParam(this.name(key), `Invalid object: ${this.name(key)} must be a hash`);
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw)) {
      if (typeof v !== "string") throw invalidParam(`${this.name(key)}[${k}]`, `Invalid string: metadata values must be strings`);
      if (k.length > 40) throw invalidParam(`${this.name(key)}[${k}]`, "Metadata keys must be at most 40 characters");
      if (v.length > 500) throw invalidParam(`${this.name(key)}[${k}]`, "Metadata values must be at most 500 characters");
      out[k] = v;
    }
    return out;
  }
}

/** Applies a metadata parameter to stored metadata, as Stripe merges it. */
export function mergeMetadata(current: Record<string, string>, patch: Record<string, string> | null | undefined): Record<string, string> {
  if (patch === undefined) return current;
  if (patch === null) return {};
  const next = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === "") delete next[k];
    else next[k] = v;
  }
  return next;
}
