import { describe, expect, it } from "vitest";
import { defaultSettings, KEY_ALERT, parseInitialize, parseSettings } from "./debugger-forms.ts";
import {
  appendLog,
  createSession,
  HeldKey,
  INTERRUPTED,
  MAX_LOG_LINES,
  recoverInterrupted,
  redactSecret,
  resetFrom,
  toView,
} from "./debugger-state.ts";

const KEY = "lot_secret_key_abcdef123456";

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.set(k, v);
  return data;
}

const session = () => createSession("http://provider.test", defaultSettings());

describe("the held key", () => {
  it("never serialises: not through JSON, a spread or the page's view", () => {
    const s = session();
    s.key = new HeldKey(KEY);
    expect(JSON.stringify(s)).not.toContain(KEY);
    expect(JSON.stringify({ ...s })).not.toContain(KEY);
    const view = toView(s);
    expect(view.keyHeld).toBe(true);
    expect(view.initialized).toBe(true);
    expect(JSON.stringify(view)).not.toContain(KEY);
  });

  it("is cut out of log lines and their detail, whatever the mode", () => {
    const s = session();
    s.key = new HeldKey(KEY);
    s.debugMode = true;
    appendLog(s, "error", `provider said: bad key ${KEY}`, { header: KEY, nested: [{ [KEY]: KEY }] });
    expect(JSON.stringify(s.logs)).not.toContain(KEY);
    expect(s.logs[0]!.message).toBe("provider said: bad key [redacted]");
  });

  it("redactSecret copies and cleans strings, keys of objects and arrays, and leaves other values alone", () => {
    const value = { a: `x${KEY}y`, list: [KEY, 3, null], n: 1 };
    expect(redactSecret(value, KEY)).toEqual({ a: "x[redacted]y", list: ["[redacted]", 3, null], n: 1 });
    expect(value.a).toContain(KEY);
    expect(redactSecret(value, null)).toBe(value);
  });
});

describe("debug logs", () => {
  it("keep debug lines and detail only in debug mode", () => {
    const s = session();
    appendLog(s, "debug", "hidden");
    appendLog(s, "info", "shown", { detail: 1 });
    expect(s.logs.map((l) => l.message)).toEqual(["shown"]);
    expect(s.logs[0]!.detail).toBeUndefined();
    s.debugMode = true;
    appendLog(s, "debug", "now shown", { page: 2 });
    expect(s.logs.at(-1)).toMatchObject({ level: "debug", message: "now shown", detail: { page: 2 } });
  });

  it("keep the newest lines only", () => {
    const s = session();
    for (let i = 0; i < MAX_LOG_LINES + 20; i += 1) appendLog(s, "info", `line ${i}`);
    expect(s.logs).toHaveLength(MAX_LOG_LINES);
    expect(s.logs[0]!.message).toBe("line 20");
  });
});

describe("re-running a step", () => {
  it("drops its own data and every later step's, and resets the later steps to pending", () => {
    const s = session();
    s.retrieved = { endpoint: "funding", records: [] };
    s.processed = [];
    s.steps.process.status = "completed";
    s.steps.push.status = "pending_confirmation";
    resetFrom(s, "process");
    expect(s.retrieved).not.toBeNull();
    expect(s.processed).toBeNull();
    expect(s.steps.push.status).toBe("pending");
    resetFrom(s, "retrieve");
    expect(s.retrieved).toBeNull();
  });
});

describe("the forms", () => {
  it("answer an empty key with the spec's alert and never echo a key", () => {
    const empty = parseInitialize(form({ apiKey: "   ", baseUrl: "http://provider.test" }));
    expect(empty).toMatchObject({ ok: false, message: KEY_ALERT });
    expect(KEY_ALERT).toBe("Please enter your LeadsOnTrees API Key");
    const badUrl = parseInitialize(form({ apiKey: KEY, baseUrl: "ftp://x" }));
    expect(badUrl.ok).toBe(false);
    expect(JSON.stringify(badUrl)).not.toContain(KEY);
    expect(parseInitialize(form({ apiKey: ` ${KEY} `, baseUrl: "http://p.test/v1/", debugMode: "on" }))).toEqual({
      ok: true,
      apiKey: KEY,
      baseUrl: "http://p.test/v1",
      debugMode: true,
    });
  });

  it("check the run settings with the importer's rules, each message beside its field", () => {
    const bad = parseSettings(form({ endpoint: "jobs", maxResults: "150", maxJobs: "0", dateFrom: "2024-02-30" }));
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors).toMatchObject({
      endpoint: "Endpoint must be funding or m-a",
      maxResults: "Max results must be at most 100",
      maxJobs: "Max jobs must be at least 1",
      dateFrom: "Date from is not a real calendar date",
    });
    expect(bad.values.maxResults).toBe("150");
    const good = parseSettings(form({ endpoint: "m-a", category: "AI, ,FinTech", manualConfirmation: "on" }));
    expect(good).toMatchObject({
      ok: true,
      settings: { endpoint: "m-a", manualConfirmation: true, query: { category: ["AI", "FinTech"], page: 1, maxResults: 20 } },
    });
  });
});

describe("a step cut off by a stopped server", () => {
  it("shows as failed with the reason, and leaves the other steps as they were", () => {
    const s = session();
    s.steps.authenticate = { ...s.steps.authenticate, status: "completed", runs: 1 };
    s.steps.retrieve = { ...s.steps.retrieve, status: "running", runs: 2 };
    recoverInterrupted(s);
    expect(s.steps.authenticate.status).toBe("completed");
    expect(s.steps.retrieve).toMatchObject({ status: "failed", runs: 2, response: { success: false, error: INTERRUPTED } });
    expect(s.steps.process.status).toBe("pending");
  });
});
