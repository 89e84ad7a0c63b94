/**
 * The OpenAPI document describes every answer exactly (issue 29 finding 10): for every operation of the document
 * /api/openapi.json serves, real calls to the real route handlers (through the key check server/app.ts runs; see
 * support/api-call.ts), as a visitor, as signed-in members of each tier, with an API key of each tier, with keys
 * past their limits and against a database that is down, are read as a typed client made from the document reads
 * them: the status must be documented, the Content-Type and body must fit that status's schema under JSON Schema
 * 2020-12 (Ajv; additionalProperties honoured), and every header must be declared (support/openapi-check.ts).
 * The error cases of each operation (400, 403, 404, 409, 413, 429) are in openapi-conformance-errors.db.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { API_ENDPOINTS } from "~/features/api-docs/api-endpoints.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { unreachableDatabase } from "#test-support/test-route.ts";
import { callApi, type ApiCall } from "./support/api-call.ts";
import { ROOMY, startConformance, type Caller, type Fixture } from "./support/conformance-fixture.ts";
import type { Json, OpenApiCheck } from "./support/openapi-check.ts";
import { SAMPLES } from "./support/operation-samples.ts";

// The AI endpoints answer from the local fake provider; the settings are read once, so they are set before any import.
const fake = await vi.hoisted(async () => (await import("../support/fake-ai-settings.ts")).useFakeAiProvider("sk-conformance-key"));

let database: Database;
let fx: Fixture;
let check: OpenApiCheck;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ fx, check } = await startConformance(database));
});

afterAll(async () => {
  await fake.close();
  await database?.close();
});

/** Makes the call and expects the status and an answer that fits the document. */
async function conforms(operation: string, call: ApiCall, expected: number | number[], caller: Caller, db = database) {
  const [method, path] = operation.split(" ") as [string, string];
  const response = await callApi(db, call, caller.keyCheck ?? ROOMY);
  // The body as sent: a client's text() would drop a byte-order mark the document promises.
  const body = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
  const answer = { status: response.status, headers: response.headers, body };
  const statuses = Array.isArray(expected) ? expected : [expected];
  const what = `${call.method} ${call.url} as ${caller.label}: ${answer.status} ${answer.body.slice(0, 300)}`;
  expect(check.problems(method, path, answer).join("\n"), what).toBe("");
  expect(statuses, what).toContain(answer.status);
  return answer;
}

const OPERATIONS = API_ENDPOINTS.map((e) => ({ key: `${e.method} ${e.path}`, auth: e.auth }));
const SUCCESS = [200, 201];

describe("the document", () => {
  it("has a sample call for every operation, and only for them", () => {
    const documented = Object.entries<Json>(check.document.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m} ${path}`));
    expect(documented.sort()).toEqual(Object.keys(SAMPLES).sort());
  });
});

describe.each(OPERATIONS)("$key", ({ key, auth }) => {
  const sample = (caller: Caller) => SAMPLES[key]!(fx, caller);

  it("as a visitor", async () => {
    const caller = fx.visitor();
    await conforms(key, await sample(caller), auth === "required" ? 401 : SUCCESS, caller);
  });

  it.each(["public", "subscriber", "premium"] as const)("as a signed-in %s member", async (tier) => {
    const caller = await fx.member(tier);
    // What each plan may do differs per endpoint; premium may do everything.
    await conforms(key, await sample(caller), tier === "premium" ? SUCCESS : [...SUCCESS, 403, 404], caller);
  });

  it("against a database that is down", async () => {
    const caller = await fx.member("premium");
    await conforms(key, await sample(caller), auth === "none" ? 200 : 503, caller, unreachableDatabase());
  });

  if (auth === "none") {
    it("with an API key, which is not looked at", async () => {
      const caller = fx.unknownKey();
      await conforms(key, await sample(caller), 200, caller);
    });
    return;
  }

  it("with a premium API key", async () => {
    const caller = await fx.key("premium");
    const answer = await conforms(key, await sample(caller), SUCCESS, caller);
    expect(answer.headers.get("ratelimit-policy") ?? answer.headers.get("ratelimit")).not.toBeNull();
  });

  it.each(["public", "subscriber"] as const)("with a %s API key (a plan without API access)", async (tier) => {
    const caller = await fx.key(tier);
    await conforms(key, await sample(caller), 403, caller);
  });

  it("with an unknown API key", async () => {
    const caller = fx.unknownKey();
    await conforms(key, await sample(caller), 401, caller);
  });

  it("with a key past its per-minute limit", async () => {
    const caller = await fx.keySpentForTheMinute();
    await conforms(key, await sample(caller), 429, caller);
  });

  it("with a key past its monthly API calls", async () => {
    const caller = await fx.keySpentForTheMonth();
    await conforms(key, await sample(caller), 429, caller);
  });
});
