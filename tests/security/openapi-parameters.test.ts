/**
 * Parameter schemas that match what the server accepts (issue 29 findings 9 and 10): for every path and query
 * parameter of every documented operation, a table of values (cases, plurals, spaces, bounds, lengths, numbers in
 * other spellings, UUIDs in capitals…) is sent to the real handler and checked against the document's schema for
 * that parameter (Ajv, numbers read from the text as a client's validator reads them). The rule, the same for
 * every parameter: the server refuses (400) exactly what the document refuses. Where a rule cannot be written in
 * JSON Schema, the document accepts more than the server and says the rest in words; those are named in LOOSER,
 * each with the 400 the server gives instead.
 */
import { describe, expect, it } from "vitest";
import { API_ENDPOINTS } from "~/features/api-docs/api-endpoints.ts";
import { openApiDocument } from "~/features/api-docs/openapi-document.ts";
import { testUser, unreachableDatabase } from "#test-support/test-route.ts";
import { callApi, type ApiCall } from "./support/api-call.ts";
import { ROOMY } from "./support/conformance-fixture.ts";
import { OpenApiCheck, type Json } from "./support/openapi-check.ts";

const check = new OpenApiCheck(openApiDocument(API_ENDPOINTS, { serverUrl: "http://localhost:3000", callsPerMinute: 60 }));

const UUID = "3f2b8c1e-5d4a-4c7b-9e6f-1a2b3c4d5e6f";
const FIFTY_ONE_VALUES = Array.from({ length: 51 }, (_, i) => `v${i}`).join(",");
const VALUES = [
  ...["startup", "STARTUP", "Startups", "sTaRtUpS", " startup", "startup ", "startupss", "investors", "INVESTOR", "Partners", "partner"],
  ...["all", "ALL", " All ", "company", "\u017Ftartup", "x", "", " "],
  ...["true", "TRUE", "On", "yes", "false", "0", "1", "-1", "1.5", "01", "5", "5.0", " 5", "1e1", "20", "21", "25", "50", "100", "7"],
  ...["99999", "100000", "100001", "1000000000"],
  ...["newest", "NEWEST", " Most-Raised ", "recently-funded", "relevance", "random"],
  ...["retainer", "RETAINER", "success_only", "retainer,success_only", " retainer , success_only ", "FinTech", "a,b", ",", "a,,b"],
  ...["a".repeat(100), "a".repeat(101), ` ${"a".repeat(100)} `, "a".repeat(200), "a".repeat(201), "\u{1F600}".repeat(150)],
  ...[UUID, UUID.toUpperCase(), "not-a-uuid", "00000000-0000-0000-0000-000000000000", `{${UUID}}`],
  ...[FIFTY_ONE_VALUES, FIFTY_ONE_VALUES.replace("v50", "v0"), "a/b", "a%2Fb", "caf\u00e9", "\u0000"],
  // The investor filters (decision 0084): bands, windows, years.
  ...["1m-5m", "OVER-100M", " under-1m , 5m-20m ", "1000+", "1000", "201-1000", "500k-2m", "over-10m", "2m-3m"],
  ...["3m", "24M", " 6m ", "5m", "1y", "2015", " 2015 ", "1800", "1799", "2100", "2101", "0999", "20150"],
];

/** A valid value of each path parameter, so the one under test is what decides. */
const PATH_DEFAULTS: Record<string, string> = {
  type: "startup",
  slug: "some-listing",
  id: UUID,
  listingId: UUID,
  entryId: UUID,
  tag: "warm",
};
/** A valid body for the operations that take one. */
const BODIES: Record<string, unknown> = {
  "post /api/saved-searches": { name: "Mine", query: "type=startup" },
  "patch /api/saved-searches/{id}": { alertFrequency: "weekly" },
  "post /api/follows": { listingId: UUID },
  "post /api/listings/{type}/{slug}/summary": {},
  "post /api/listings/{type}/{slug}/intro-message": {},
  "post /api/listings/plain-words": { sentence: "fintech startups" },
  "post /api/lists": { name: "Mine" },
  "patch /api/lists/{id}": { name: "Mine" },
  "post /api/lists/{id}/entries": { listingIds: [UUID] },
  "patch /api/lists/{id}/entries/{entryId}": { column: "Meeting" },
  "post /api/lists/{id}/entries/{entryId}/notes": { body: "A note." },
  "post /api/lists/{id}/entries/{entryId}/tags": { tag: "warm" },
};

/**
 * Rules the document states in words because JSON Schema cannot: the server refuses these although the schema
 * allows them. Keyed by parameter name; each returns whether the value breaks the rule.
 */
const atMostFifty = {
  rule: "at most 50 values",
  breaks: (value: string) =>
    new Set(
      value
        .split(",")
        .map((v) => v.trim())
        .filter(Boolean),
    ).size > 50,
};
const LOOSER: Record<string, { rule: string; breaks: (value: string) => boolean }> = Object.fromEntries(
  ["industries", "geographies", "fundingStages", "businessModels", "countries", "cities", "revenueRanges", "personas"].map((name) => [
    name,
    atMostFifty,
  ]),
);

function call(key: string, path: Record<string, string>, query: Record<string, string>): ApiCall {
  const [method, template] = key.split(" ") as [string, string];
  const url = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(path[name]!));
  const search = new URLSearchParams(query).toString();
  return {
    method: method.toUpperCase(),
    url: `${url}${search ? `?${search}` : ""}`,
    user: testUser("premium"),
    ...(key in BODIES ? { json: BODIES[key] } : {}),
  };
}

/** Whether the server takes the value: anything but a 400 (valid calls meet the database that is down: 503). */
async function serverAccepts(key: string, where: "path" | "query", name: string, value: string): Promise<boolean> {
  const path = { ...PATH_DEFAULTS, ...(where === "path" ? { [name]: value } : {}) };
  const response = await callApi(unreachableDatabase(), call(key, path, where === "query" ? { [name]: value } : {}), ROOMY);
  return response.status !== 400;
}

const PARAMETERS = API_ENDPOINTS.flatMap((endpoint) => {
  const key = `${endpoint.method} ${endpoint.path}`;
  const of = (where: "path" | "query", object: typeof endpoint.query) =>
    Object.keys(object?.shape ?? {}).map((name) => ({ key, where, name }));
  return [...of("path", endpoint.pathParams), ...of("query", endpoint.query)];
});

describe.each(PARAMETERS)("$key: $where parameter $name", ({ key, where, name }) => {
  const [method, path] = key.split(" ") as [string, string];

  it("is refused by the server exactly when the document refuses it", async () => {
    const disagreements: string[] = [];
    for (const value of VALUES) {
      // A path parameter is never empty: the route would not match.
      if (where === "path" && value.trim() === "") continue;
      const byDocument = check.parameterAccepts(method, path, where, name, [value]);
      const byServer = await serverAccepts(key, where, name, value);
      if (byDocument === byServer) continue;
      const looser = LOOSER[name];
      if (byDocument && !byServer && looser?.breaks(value)) continue;
      disagreements.push(
        `${JSON.stringify(value.slice(0, 40))}: document ${byDocument ? "accepts" : "refuses"}, server ${byServer ? "accepts" : "refuses"}`,
      );
    }
    expect(disagreements).toEqual([]);
  });
});

it("LOOSER names only parameters of the document, each described with its rule", () => {
  const described = new Map<string, string>();
  for (const [, item] of Object.entries<Json>(check.document.paths))
    for (const [, op] of Object.entries<Json>(item)) for (const p of op.parameters) described.set(p.name, p.description ?? "");
  for (const [name, { rule }] of Object.entries(LOOSER)) expect(described.get(name), name).toContain(rule);
});

it("repeated list values are read as the document's arrays", async () => {
  const params = new URLSearchParams([
    ["industries", "FinTech"],
    ["industries", "AI"],
  ]);
  expect(check.parameterAccepts("get", "/api/listings", "query", "industries", params.getAll("industries"))).toBe(true);
  const response = await callApi(unreachableDatabase(), { method: "GET", url: `/api/listings?${params}`, user: null }, ROOMY);
  expect(response.status).toBe(503);
});
