/**
 * A local fake of the lead-data provider, LeadsOnTrees (DESIGN D9; spec 02 §7 "Provider"): GET /funding and
 * GET /m-a with the provider's parameters, the key in its header, deterministic records (lead-provider-fixtures.ts)
 * and switchable faults. Tests start it on a free port with `startFakeProvider`; offline development runs it:
 *   node tests/fakes/lead-provider.ts   (PORT, default 4020; PROVIDER_API_KEY, default the demo key)
 * and sets PROVIDER_API_URL=http://127.0.0.1:4020 and PROVIDER_API_KEY.
 * Faults: `setFault({ mode, times })` or `POST /__fault {"mode":"429"|"500"|"slow"|"malformed"|"wrong-key"|"none","times":N}`.
 * Logos: records name their logo at https://logo.example/…, which the fake answers itself: served records point at
 * {fake}/logos/{file}.png (a real PNG), /logos/missing/… is a 404 and /logos/not-an-image.png is an HTML page that
 * claims to be a PNG, so the importer's copy meets the failures a real logo host has.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { allRecords, filterRecords, type FakeRecord } from "./lead-provider-fixtures.ts";
import { logoPng } from "./logo-images.ts";

export const DEMO_PROVIDER_KEY = "lot_demo_key_0123456789";
const KEY_HEADER = "x-lot-api-key";

export type FaultMode = "none" | "429" | "500" | "slow" | "malformed" | "wrong-key";

export interface Fault {
  mode: FaultMode;
  /** How many API calls the fault answers before the fake is healthy again; unset, it lasts until changed. */
  times?: number;
  /** 429: the Retry-After header, in seconds (default 1). */
  retryAfter?: number;
  /** slow: how long the answer is held back; unset, it is held until the client gives up or the fake closes. */
  delayMs?: number;
  /** malformed: an HTML error page (the default) or JSON of the wrong shape. */
  body?: "html" | "json";
}

export interface FakeProviderRequest {
  method: string;
  /** Path and query, as received (the key never travels there). */
  url: string;
  status: number;
}

export interface FakeProvider {
  url: string;
  apiKey: string;
  setFault(fault: Fault | FaultMode): void;
  /** spec: {message: "OK", data} (spec 02 §7); response: {response: {data}} (what the provider's public client reads). */
  setEnvelope(envelope: "spec" | "response"): void;
  /** Every API call answered, in order. */
  requests: FakeProviderRequest[];
  /** Every logo asked for (the path under /logos/), in order. */
  logoRequests: string[];
  /** Called as each API call arrives, before its fault is taken: a test may switch the fault for this very call. */
  onRequest: ((url: URL) => void) | null;
  /** Called when a "slow" answer starts being held back: the client is now waiting on its time limit. */
  onHold: (() => void) | null;
  close(): Promise<void>;
}

export interface FakeProviderOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  apiKey?: string;
  envelope?: "spec" | "response";
  /** The records served instead of the default universe (the import benchmark serves 10,000 of its own). */
  records?: Partial<Record<"funding" | "m-a", FakeRecord[]>>;
}

const FaultBody = (value: unknown): Fault | undefined => {
  if (!value || typeof value !== "object") return undefined;
  const { mode, times, retryAfter, delayMs, body } = value as Record<string, unknown>;
  if (!["none", "429", "500", "slow", "malformed", "wrong-key"].includes(String(mode))) return undefined;
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : undefined);
  return {
    mode: String(mode) as FaultMode,
    times: num(times),
    retryAfter: num(retryAfter),
    delayMs: num(delayMs),
    body: body === "json" ? "json" : body === "html" ? "html" : undefined,
  };
};

/** The fixtures' logo host, answered by the fake itself at /logos/. */
const LOGO_HOST = "https://logo.example/";

/** A record as served: its logo address on this fake's own origin (the same origin the importer is allowed to reach). */
function servedRecord(record: FakeRecord, origin: string): FakeRecord {
  const info = record.company_info as Record<string, unknown> | undefined;
  const logo = info?.logo_url;
  if (typeof logo !== "string" || !logo.startsWith(LOGO_HOST)) return record;
  return { ...record, company_info: { ...info, logo_url: `${origin}/logos/${logo.slice(LOGO_HOST.length)}` } };
}

function answerLogo(res: ServerResponse, file: string) {
  if (file === "not-an-image.png") {
    res.writeHead(200, { "Content-Type": "image/png" });
    return res.end("<!doctype html><html><body><h1>Logo moved</h1></body></html>");
  }
  if (file.startsWith("missing/") || !/^[\w.-]+\.png$/.test(file)) return send(res, 404, { message: "Not Found" });
  res.writeHead(200, { "Content-Type": "image/png", "Cache-Control": "max-age=86400" });
  res.end(logoPng(file));
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

export async function startFakeProvider({
  port = 0,
  apiKey = DEMO_PROVIDER_KEY,
  envelope = "spec",
  records,
}: FakeProviderOptions = {}): Promise<FakeProvider> {
  let fault: Fault = { mode: "none" };
  let shape = envelope;
  const requests: FakeProviderRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  /** The fault for this call, counting it down. */
  function takeFault(): Fault {
    const current = fault;
    if (current.mode !== "none" && current.times !== undefined) {
      current.times -= 1;
      if (current.times <= 0) fault = { mode: "none" };
    }
    return current;
  }

  function answerApi(req: IncomingMessage, res: ServerResponse, url: URL, endpoint: "funding" | "m-a") {
    const record = (status: number) => requests.push({ method: req.method ?? "GET", url: req.url ?? "/", status });
    fake.onRequest?.(url);
    const active = takeFault();
    if (active.mode === "wrong-key" || req.headers[KEY_HEADER] !== apiKey) {
      record(401);
      return send(res, 401, { message: "Unauthorized", error: "Invalid or missing API key" });
    }
    if (active.mode === "429") {
      record(429);
      return send(res, 429, { message: "Too Many Requests" }, { "Retry-After": String(active.retryAfter ?? 1) });
    }
    if (active.mode === "500") {
      record(500);
      return send(res, 500, { message: "Internal Server Error" });
    }
    if (active.mode === "malformed") {
      record(200);
      if (active.body === "json") return send(res, 200, { status: "ok", results: { items: [] } });
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return res.end("<!doctype html><html><body><h1>Maintenance</h1><p>Back soon.</p></body></html>");
    }
    const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
    const size = Math.min(100, Math.max(1, Number(url.searchParams.get("maxResults")) || 20));
    const matching = filterRecords(records?.[endpoint] ?? allRecords(endpoint), url.searchParams, endpoint);
    const data = matching.slice((page - 1) * size, page * size).map((r) => servedRecord(r, fake.url));
    const body = shape === "spec" ? { message: "OK", data } : { response: { data } };
    const reply = () => {
      record(200);
      send(res, 200, body);
    };
    if (active.mode !== "slow") return reply();
    // Held with no timer at all: only the client's time limit (or close) ends it, however slow the machine is.
    if (active.delayMs === undefined) return void fake.onHold?.();
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!res.destroyed) reply();
    }, active.delayMs);
    timers.add(timer);
    // A client that gave up should not keep a timer (and the test run) alive.
    res.on("close", () => {
      clearTimeout(timer);
      timers.delete(timer);
    });
    fake.onHold?.();
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/healthz") return send(res, 200, { ok: true });
    if (req.method === "GET" && url.pathname.startsWith("/logos/")) {
      const file = decodeURIComponent(url.pathname.slice("/logos/".length));
      fake.logoRequests.push(file);
      return answerLogo(res, file);
    }
    if (url.pathname === "/__fault") {
      if (req.method === "GET") return send(res, 200, fault);
      if (req.method !== "POST") return send(res, 405, { message: "Method Not Allowed" });
      let raw = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => (raw = (raw + chunk).slice(0, 10_000)));
      req.on("end", () => {
        let parsed: Fault | undefined;
        try {
          parsed = FaultBody(JSON.parse(raw));
        } catch {
          parsed = undefined;
        }
        if (!parsed)
          return send(res, 400, { message: 'Expected {"mode": "429"|"500"|"slow"|"malformed"|"wrong-key"|"none", "times"?: N}' });
        fault = parsed;
        send(res, 200, fault);
      });
      return;
    }
    const endpoint = url.pathname.replace(/\/+$/, "");
    if (req.method === "GET" && (endpoint === "/funding" || endpoint === "/m-a"))
      return answerApi(req, res, url, endpoint === "/funding" ? "funding" : "m-a");
    send(res, 404, { message: "Not Found" });
  });
  // An idle kept-alive connection outlives any pause of a busy test run: a client never reuses one the fake is closing.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;

  const fake: FakeProvider = {
    url: `http://127.0.0.1:${address.port}`,
    apiKey,
    requests,
    logoRequests: [],
    onRequest: null,
    onHold: null,
    setFault: (next) => {
      fault = typeof next === "string" ? { mode: next } : { ...next };
    },
    setEnvelope: (next) => {
      shape = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
  return fake;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const fake = await startFakeProvider({
    apiKey: process.env.PROVIDER_API_KEY || DEMO_PROVIDER_KEY,
    port: Number(process.env.PORT ?? 4020),
  });
  console.log(`lead-data provider fake: ${fake.url} (key: ${fake.apiKey}; faults: POST ${fake.url}/__fault)`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void fake.close().then(() => process.exit(0)));
}
