/**
 * The OpenAPI document (issue 18 §1, decision 0061) stays true to the handlers: it is made from the endpoint
 * definitions of app/features/api-docs/api-endpoints.ts, every handler validates with the very schema object its
 * definition holds (so changing a handler's schema changes the document), every JSON route of app/routes.ts is
 * documented or named below with the reason it is not, and the document has OpenAPI 3.1's structure.
 */
import { describe, expect, it, vi } from "vitest";
import { API_ENDPOINTS } from "~/features/api-docs/api-endpoints.ts";
import { openApiDocument } from "~/features/api-docs/openapi-document.ts";
import { isKeyedApiPath } from "~/features/api-keys/api-key-auth.server.ts";
import { answerOf, failingDatabase, loaderArgs, testUser } from "#test-support/test-route.ts";
import { routeTable } from "./support/route-table.ts";

/** JSON routes that are not part of the public API, and why. A new route must be documented or added here. */
const NOT_PUBLIC_API: Record<string, string> = {
  "api/proof-of-work": "the site's own forms' anti-abuse challenge",
  "api/intro-requests": "the introduction dialog's form endpoint, behind a proof of work",
  "api/intro-requests/sign-up": "the introduction dialog's sign-up step",
  "api/intro-requests/sign-in": "the introduction dialog's sign-in step, for a visitor who already has an account",
  "api/intro-requests/eligibility": "the introduction dialog's question when it opens: does this listing take my request",
  "api/duplicate-reports": "the profile page's report form, behind a proof of work",
  "api/leads-on-trees": "the operators' provider debugger (admins only)",
};
const OPERATOR_OR_ACCOUNT = /^api\/(admin|debug|auth|billing)\//;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is read as plain JSON here, as clients read it
type Json = any;
const document: Json = openApiDocument(API_ENDPOINTS, { serverUrl: "http://localhost:3000", callsPerMinute: 60 });

describe("the JSON routes of app/routes.ts", () => {
  const apiRoutes = routeTable().filter((r) => r.pattern.startsWith("api/") && !OPERATOR_OR_ACCOUNT.test(r.pattern));

  it("are each documented, or named as not public with a reason", () => {
    const documented = new Set(API_ENDPOINTS.map((e) => e.route));
    const missing = apiRoutes.map((r) => r.pattern).filter((p) => !documented.has(p) && !(p in NOT_PUBLIC_API));
    expect(missing, "add the route's *-api-schema.ts constant to app/features/api-docs/api-endpoints.ts").toEqual([]);
  });

  it("hold every documented endpoint", () => {
    const patterns = new Set(apiRoutes.map((r) => r.pattern));
    expect(API_ENDPOINTS.map((e) => e.route).filter((r) => !patterns.has(r))).toEqual([]);
  });

  it("say of each endpoint whether a key is looked at, as the server decides it", () => {
    for (const endpoint of API_ENDPOINTS) {
      const path = endpoint.path.replace(/\{[^}]+\}/g, "x");
      expect(isKeyedApiPath(path), endpoint.path).toBe(endpoint.auth !== "none");
    }
  });
});

describe("each handler validates with the schema object the document is made from", () => {
  const files = new Map(routeTable().map((r) => [r.pattern, r.file]));
  const VERDICT = "refused by the registry's own schema object";
  const refusal = { success: false, error: { issues: [{ message: VERDICT, path: [], code: "custom" }] } };

  for (const endpoint of API_ENDPOINTS) {
    for (const part of ["query", "pathParams"] as const) {
      const schema = endpoint[part];
      if (!schema) continue;
      it(`${endpoint.method.toUpperCase()} ${endpoint.path}: ${part}`, async () => {
        const spy = vi.spyOn(schema, "safeParse").mockReturnValue(refusal as never);
        try {
          const file = new URL(`../../app/${files.get(endpoint.route)}`, import.meta.url).href;
          type Handler = (args: unknown) => Promise<Response>;
          const module = (await import(/* @vite-ignore */ file)) as { loader?: Handler; action?: Handler };
          const handler = endpoint.method === "get" ? module.loader : module.action;
          const url = endpoint.path.replace(/\{[^}]+\}/g, "startup");
          const params = Object.fromEntries(Object.keys(endpoint.pathParams?.shape ?? {}).map((k) => [k, "startup"]));
          // Signed in (endpoints for members check that first), and refused before any query: a database that fails
          // every query proves it.
          // As the server answers it: a route fails by throwing, and the error pipeline makes the answer.
          const response = await answerOf(
            handler!(
              loaderArgs(
                failingDatabase(() => new Error("no query expected")),
                url,
                params,
                { user: testUser("premium"), init: { method: endpoint.method.toUpperCase() } },
              ),
            ),
          );
          expect(spy).toHaveBeenCalled();
          expect(response.status).toBe(400);
          expect(await response.json()).toEqual({ error: VERDICT });
        } finally {
          spy.mockRestore();
        }
      });
    }
  }
});

/** Every "$ref" in the document, with where it is. */
function refs(node: Json, at = "#"): Array<{ ref: string; at: string }> {
  if (Array.isArray(node)) return node.flatMap((v, i) => refs(v, `${at}/${i}`));
  if (node && typeof node === "object")
    return Object.entries(node).flatMap(([k, v]) => (k === "$ref" && typeof v === "string" ? [{ ref: v, at }] : refs(v, `${at}/${k}`)));
  return [];
}

function resolve(pointer: string): unknown {
  return pointer
    .slice(2)
    .split("/")
    .reduce<Json>((node, key) => node?.[key.replaceAll("~1", "/").replaceAll("~0", "~")], document);
}

describe("the document", () => {
  it("is OpenAPI 3.1 with the required top-level fields", () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(typeof document.info.title).toBe("string");
    expect(typeof document.info.version).toBe("string");
    expect(document.servers).toEqual([{ url: "http://localhost:3000" }]);
    expect(document.components.securitySchemes.apiKey).toEqual(expect.objectContaining({ type: "http", scheme: "bearer" }));
  });

  it("lists the listings, one listing and the reference lists, with their parameters", () => {
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/api/listings", "/api/listings/{type}/{slug}", "/api/reference"]));
    const query = document.paths["/api/listings"].get.parameters.map((p: Json) => p.name);
    expect(query).toEqual(expect.arrayContaining(["searchQuery", "type", "industries", "page", "pageSize", "sort"]));
    expect(document.paths["/api/listings"].get.parameters.find((p: Json) => p.name === "industries")).toMatchObject({
      in: "query",
      schema: { type: "array" },
      style: "form",
      explode: true,
    });
  });

  it("has, for each operation: a unique operationId, its path's parameters declared and required, responses with descriptions", () => {
    const ids = new Set<string>();
    for (const [path, item] of Object.entries<Json>(document.paths)) {
      expect(path.startsWith("/"), path).toBe(true);
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries<Json>(item)) {
        expect(["get", "put", "post", "delete", "options", "head", "patch", "trace"]).toContain(method);
        expect(ids.has(op.operationId), op.operationId).toBe(false);
        ids.add(op.operationId);
        const inPath = op.parameters.filter((p: Json) => p.in === "path");
        expect(inPath.map((p: Json) => p.name).sort()).toEqual([...templated].sort());
        for (const p of inPath) expect(p.required).toBe(true);
        const seen = new Set(op.parameters.map((p: Json) => `${p.in}:${p.name}`));
        expect(seen.size).toBe(op.parameters.length);
        for (const p of op.parameters) {
          expect(["query", "header", "path", "cookie"]).toContain(p.in);
          expect(typeof p.schema).toBe("object");
        }
        expect(Object.keys(op.responses).length).toBeGreaterThan(0);
        for (const [status, r] of Object.entries<Json>(op.responses)) {
          expect(status).toMatch(/^[1-5](\d\d|XX)$|^default$/);
          expect(typeof r.description).toBe("string");
        }
        for (const requirement of op.security)
          for (const name of Object.keys(requirement)) expect(document.components.securitySchemes).toHaveProperty(name);
      }
    }
  });

  it("has every $ref resolving inside it, and every schema in JSON Schema 2020-12 (no draft-04 leftovers)", () => {
    for (const { ref, at } of refs(document)) {
      expect(ref.startsWith("#/"), at).toBe(true);
      expect(resolve(ref), `${ref} at ${at}`).toBeDefined();
    }
    expect(JSON.stringify(document)).not.toMatch(/"nullable":|"\$schema":/);
  });

  it("answers a keyed endpoint's 401, 403 and 429 with the headers a client needs", () => {
    const responses = document.paths["/api/listings"].get.responses;
    expect(responses["401"].headers).toHaveProperty("WWW-Authenticate");
    expect(responses["429"].headers).toHaveProperty("Retry-After");
    expect(Object.keys(responses["200"].headers)).toEqual(["RateLimit", "RateLimit-Policy"]);
    expect(document.paths["/api/openapi.json"].get.security).toEqual([]);
  });
});
