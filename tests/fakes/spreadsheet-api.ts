/**
 * A local fake of the hosted spreadsheet API (DESIGN D9), speaking its Airtable-style dialect: bearer key, the
 * metadata endpoint, records paged by an opaque offset, single records, the API's error bodies, attachment files at
 * signed urls that expire, and switchable faults (429s, expired cursors, slowness, answers held back). Tests start it on a free
 * port with `startSpreadsheetApi`; offline development runs it as a process:
 *   node tests/fakes/spreadsheet-api.ts   (PORT, default 4010; SPREADSHEET_API_KEY, default the demo key)
 * and sets SPREADSHEET_API_URL=http://127.0.0.1:4010, SPREADSHEET_API_KEY and SPREADSHEET_BASE_ID=appIntrobaseDemo
 * (or appIntrobaseImport, the base laid out for imports: tests/fakes/spreadsheet-import-fixtures.ts).
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_API_KEY, demoBase, type FakeBase, type FakeTable } from "./spreadsheet-fixtures.ts";
import { importBase } from "./spreadsheet-import-fixtures.ts";

export interface FakeRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  status: number;
}

/** One request with its arrival time, for key-handling assertions. */
export interface LoggedRequest extends FakeRequest {
  /**
   * When the request arrived, by the fake's clock (`now`). Arrival times say how busy the machine was, not what the
   * client decided: rate-limit tests record the client's start times instead (a virtual clock, tests/support).
   */
  at: number;
  /** The key appeared somewhere other than the Authorization header (the url, another header). */
  keyOutsideAuthorization: boolean;
}

/** Faults a test switches on; each applies to records requests (list and single record). */
export interface FakeFaults {
  /** The next n records requests answer 429 RATE_LIMIT_REACHED. */
  rateLimited: number;
  /** The next n requests that carry an offset answer 422 LIST_RECORDS_ITERATOR_NOT_AVAILABLE, as expired cursors. */
  expireCursors: number;
  /** Every answer (files too) waits this long. */
  delayMs: number;
  /** Every answer (files too) is held until the client gives up or the fake stops: only a time limit ends it. */
  hold: boolean;
  /** How long the attachment urls in served records stay valid; negative serves urls already expired. */
  attachmentTtlMs: number;
}

export interface SpreadsheetApiFake {
  url: string;
  /** The bases served, by id: tests may change them (add a fault, drop a table) between calls. */
  bases: Map<string, FakeBase>;
  /** Every request answered, in order (the key is not recorded). */
  requests: FakeRequest[];
  /** The same requests with arrival times (files included). */
  log: LoggedRequest[];
  faults: FakeFaults;
  /** Called when an answer is held back (faults.hold): a test ends the client's time limit then, not by a timer. */
  onHold: (() => void) | null;
  stop(): Promise<void>;
}

export interface FakeOptions {
  apiKey?: string;
  bases?: FakeBase[];
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The clock attachment urls expire by. */
  now?: () => number;
}

/** Attachment urls from the hosted API expire after a couple of hours. */
const ATTACHMENT_TTL_MS = 2 * 60 * 60 * 1000;
/** Signs attachment urls so a client cannot extend one by editing its expiry. */
const URL_SECRET = "fake-spreadsheet-url-secret";
const sign = (path: string, expires: number) => createHmac("sha256", URL_SECRET).update(`${path}|${expires}`).digest("hex").slice(0, 24);

/** The API's page size limit. */
const MAX_PAGE_SIZE = 100;

type Answer = [status: number, body: unknown];

const error = (status: number, type: string, message?: string): Answer => [status, { error: message ? { type, message } : type }];

function findTable(base: FakeBase, idOrName: string): FakeTable | undefined {
  return base.tables.find((t) => t.id === idOrName || t.name === idOrName);
}

/** Offsets are opaque to clients; ours carry the index of the next record ("itr<index>/<record id>"). */
const encodeOffset = (table: FakeTable, index: number) => `itr${index.toString(36)}/${table.records[index]!.id}`;
function decodeOffset(table: FakeTable, offset: string): number | undefined {
  const match = /^itr([0-9a-z]+)\/(rec\w+)$/.exec(offset);
  const index = match ? parseInt(match[1]!, 36) : NaN;
  return Number.isInteger(index) && table.records[index]?.id === match?.[2] ? index : undefined;
}

function listRecords(table: FakeTable, query: URLSearchParams): Answer {
  const pageSize = Number(query.get("pageSize") ?? MAX_PAGE_SIZE);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    return error(422, "INVALID_PAGE_SIZE", `pageSize must be between 1 and ${MAX_PAGE_SIZE}`);
  }
  const maxRecords = query.has("maxRecords") ? Number(query.get("maxRecords")) : Infinity;
  const offset = query.get("offset");
  const start = offset === null ? 0 : decodeOffset(table, offset);
  if (start === undefined) return error(422, "LIST_RECORDS_ITERATOR_NOT_AVAILABLE");
  const page = Math.floor(start / pageSize) + 1;
  if (table.fault && page >= table.fault.fromPage) return error(table.fault.status, table.fault.type, table.fault.message);
  const end = Math.min(start + pageSize, table.records.length, maxRecords);
  const body: { records: FakeTable["records"]; offset?: string } = { records: table.records.slice(start, end) };
  if (end < Math.min(table.records.length, maxRecords)) body.offset = encodeOffset(table, end);
  return [200, body];
}

function recordsFault(faults: FakeFaults, url: URL): Answer | undefined {
  if (faults.rateLimited > 0) {
    faults.rateLimited -= 1;
    return error(429, "RATE_LIMIT_REACHED", "Rate limit exceeded. Please try again later");
  }
  if (faults.expireCursors > 0 && url.searchParams.has("offset")) {
    faults.expireCursors -= 1;
    return error(422, "LIST_RECORDS_ITERATOR_NOT_AVAILABLE");
  }
  return undefined;
}

function route(bases: Map<string, FakeBase>, faults: FakeFaults, method: string, url: URL): Answer {
  if (method !== "GET") return error(404, "NOT_FOUND");
  const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  // GET /v0/meta/bases/{baseId}/tables
  if (parts[0] === "v0" && parts[1] === "meta" && parts[2] === "bases" && parts[4] === "tables" && parts.length === 5) {
    const base = bases.get(parts[3]!);
    if (!base) return error(404, "NOT_FOUND");
    if (base.metadataDenied)
      return error(403, "INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND", "Invalid permissions, or the requested model was not found.");
    return [200, { tables: base.tables.map((t) => ({ id: t.id, name: t.name, primaryFieldId: t.fields[0]?.id, fields: t.fields })) }];
  }
  // GET /v0/{baseId}/{table}[/{recordId}]
  if (parts[0] === "v0" && (parts.length === 3 || parts.length === 4)) {
    const base = bases.get(parts[1]!);
    if (!base) return error(404, "NOT_FOUND");
    const table = findTable(base, parts[2]!);
    if (!table) return error(404, "TABLE_NOT_FOUND", `Could not find table ${parts[2]} in application ${base.id}`);
    const fault = recordsFault(faults, url);
    if (fault) return fault;
    if (parts.length === 3) return listRecords(table, url.searchParams);
    const record = table.records.find((r) => r.id === parts[3]);
    return record ? [200, record] : error(404, "NOT_FOUND");
  }
  return error(404, "NOT_FOUND");
}

/** GET /files/{baseId}/{attachmentId}/{filename}?expires=&sig=: no key, like the hosted API's signed file urls. */
function serveFile(bases: Map<string, FakeBase>, url: URL, now: number): [number, string, Uint8Array | string] {
  const [, baseId = "", attachmentId = ""] = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  const file = bases.get(baseId)?.files?.get(attachmentId);
  const expires = Number(url.searchParams.get("expires"));
  if (!file || url.searchParams.get("sig") !== sign(`${baseId}/${attachmentId}`, expires)) return [404, "text/plain", "Not found"];
  if (!(expires > now)) return [410, "text/plain", "This url has expired"];
  return [200, file.type, file.bytes];
}

/** Gives every attachment object in the records a fresh signed url, as the hosted API does on each read. */
function withFileUrls(body: unknown, origin: string, baseId: string, expires: number): unknown {
  if (Array.isArray(body)) return body.map((item) => withFileUrls(item, origin, baseId, expires));
  if (!body || typeof body !== "object") return body;
  const entries = Object.entries(body).map(([k, v]) => [k, withFileUrls(v, origin, baseId, expires)] as const);
  const object = Object.fromEntries(entries) as Record<string, unknown>;
  if (typeof object.id === "string" && object.id.startsWith("att") && typeof object.filename === "string") {
    const path = `${baseId}/${object.id}`;
    object.url = `${origin}/files/${path}/${encodeURIComponent(object.filename)}?expires=${expires}&sig=${sign(path, expires)}`;
  }
  return object;
}

export async function startSpreadsheetApi({
  apiKey = DEMO_API_KEY,
  bases = [demoBase(), importBase()],
  port = 0,
  now = Date.now,
}: FakeOptions = {}): Promise<SpreadsheetApiFake> {
  const served = new Map(bases.map((b) => [b.id, b]));
  const requests: FakeRequest[] = [];
  const log: LoggedRequest[] = [];
  const faults: FakeFaults = { rateLimited: 0, expireCursors: 0, delayMs: 0, hold: false, attachmentTtlMs: ATTACHMENT_TTL_MS };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const at = now();
    const url = new URL(req.url ?? "/", "http://localhost");
    const origin = `http://${req.headers.host ?? "127.0.0.1"}`;
    const keyOutsideAuthorization =
      (req.url ?? "").includes(apiKey) ||
      Object.entries(req.headers).some(([name, value]) => name !== "authorization" && String(value).includes(apiKey));
    let status: number;
    let type = "application/json; charset=utf-8";
    let payload: Uint8Array | string;
    if (url.pathname.startsWith("/files/")) [status, type, payload] = serveFile(served, url, now());
    else {
      let answer: Answer;
      if (url.pathname === "/healthz") answer = [200, { ok: true }];
      else if (req.headers.authorization !== `Bearer ${apiKey}`) answer = error(401, "AUTHENTICATION_REQUIRED", "Authentication required");
      else answer = route(served, faults, req.method ?? "GET", url);
      status = answer[0];
      const baseId = url.pathname.split("/")[2] ?? "";
      payload = JSON.stringify(status === 200 ? withFileUrls(answer[1], origin, baseId, now() + faults.attachmentTtlMs) : answer[1]);
    }
    requests.push({ method: req.method ?? "GET", url: req.url ?? "/", status });
    log.push({ method: req.method ?? "GET", url: req.url ?? "/", status, at, keyOutsideAuthorization });
    if (faults.hold) return void fake.onHold?.();
    setTimeout(() => {
      res.writeHead(status, { "Content-Type": type });
      res.end(payload);
    }, faults.delayMs);
  });
  // An idle kept-alive connection outlives any pause of a busy test run: a client never reuses one the fake is closing.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  const fake: SpreadsheetApiFake = {
    url: `http://127.0.0.1:${address.port}`,
    bases: served,
    requests,
    log,
    faults,
    onHold: null,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
  return fake;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const fake = await startSpreadsheetApi({
    apiKey: process.env.SPREADSHEET_API_KEY || DEMO_API_KEY,
    port: Number(process.env.PORT ?? 4010),
  });
  console.log(`spreadsheet API fake: ${fake.url} (bases: ${[...fake.bases.keys()].join(", ")})`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void fake.stop().then(() => process.exit(0)));
}
