/**
 * The rule that cannot be forgotten (issue 29 §6, decision 0071): every path parameter of the route table
 * (app/routes.ts) and of Better Auth's endpoints (under api/auth/*) is either known to be public here or redacted
 * from the logs by log-redaction.ts. A new route with a token in its path fails this test until it is one or the
 * other. And a real failed query, as the database reports it, is logged without its parameters.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { pino } from "pino";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import routes from "~/routes.ts";
import { getAuth } from "./auth.server.ts";
import type { Database } from "./db.server.ts";
import { redactUrl, safeLogOptions } from "./log-redaction.ts";
import { openTestDatabase } from "#test-support/test-database.ts";

/** Path parameters that name public or owner-checked things, never a credential: what each is, for the reader. */
const PUBLIC_PARAMS: Record<string, string> = {
  type: "a listing type (startup, investor, partner)",
  slug: "a listing's public slug",
  id: "a row id; the route checks who may see it",
  listingId: "a listing's id",
  listId: "a list's id; requireList checks the member may see it (issue 37)",
  entryId: "an entry's id, found only among its guarded list's entries (issue 37)",
  teamId: "a team's id; requireTeamMember checks who may see it",
  name: "a sitemap file's name",
  list: "a reference list's name",
  providerId: "a sign-in provider (google, linkedin)",
  file: "a social preview card's file name: a hash of the public card it draws",
  tag: "a tag on a list entry, a word its team chose, never a credential",
};

const SECRET = "s3cr3tV4lue";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

function routePaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    return [...(entry.path === undefined || entry.index ? [] : [path]), ...routePaths(entry.children ?? [], path)];
  });
}

/** Each parameter of a path whose value, as a secret, is still in the logged URL. */
function leakedParams(path: string): string[] {
  const params = [...path.matchAll(/:(\w+)\??/g)].map((m) => m[1]!);
  return params.filter((param) => {
    if (param in PUBLIC_PARAMS) return false;
    const example = path.replace(/:(\w+)\??/g, (_all, name: string) => (name === param ? `${SECRET}${name}` : "x"));
    return redactUrl(example).includes(SECRET);
  });
}

describe("every path parameter is public or redacted", () => {
  it("in the route table (app/routes.ts)", () => {
    const paths = routePaths(routes as RouteConfigEntry[]);
    expect(paths).toContain("/unsubscribe/:token");
    const leaks = paths.flatMap((path) => leakedParams(path).map((param) => `${path} (${param})`));
    expect(leaks).toEqual([]);
  });

  it("in Better Auth's endpoints (api/auth/*)", () => {
    const paths = Object.values(getAuth(database).api as Record<string, { path?: unknown }>)
      .map((endpoint) => endpoint.path)
      .filter((path): path is string => typeof path === "string")
      .map((path) => `/api/auth${path}`);
    expect(paths).toContain("/api/auth/reset-password/:token");
    const leaks = paths.flatMap((path) => leakedParams(path).map((param) => `${path} (${param})`));
    expect(leaks).toEqual([]);
  });
});

describe("a failed query", () => {
  it("is logged with its statement and error code, without the values it was given", async () => {
    const error = await database.db
      .insert(users)
      .values({ id: "log-test", name: "Private\u0000Person", email: "private.person@example.org" })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Error);
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    pino(safeLogOptions(), stream).error({ err: error }, "unexpected error");
    const text = lines.join("");
    expect(text).not.toContain("private.person@example.org");
    expect(text).not.toContain("Private");
    expect(JSON.parse(text)).toMatchObject({ err: { message: expect.stringContaining('insert into "users"'), cause: { code: "22021" } } });
  });
});
