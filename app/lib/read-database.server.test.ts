import { describe, expect, it } from "vitest";
import type { Database } from "./db.server.ts";
import {
  noteListingsChanged,
  READ_YOUR_WRITES_MS,
  readerFor,
  RECENT_WRITE_COOKIE,
  recentWriteCookie,
  wroteRecently,
} from "./read-database.server.ts";

/** Stand-ins: readerFor only chooses between objects, it runs no query. */
const fake = (name: string, replica?: Database) => ({ name, replica }) as unknown as Database;
const request = (cookie?: string) => new Request("http://localhost/listings", cookie ? { headers: { cookie } } : {});
const T = 1_900_000_000_000;

describe("readerFor", () => {
  it("without a replica, always the one database", () => {
    const only = fake("only");
    expect(readerFor(only, request(), null, T)).toBe(only);
    expect(readerFor(only, request(`${RECENT_WRITE_COOKIE}=1`), { role: "admin" }, T)).toBe(only);
  });

  it("with one, the replica for visitors and members who have not just written", () => {
    const replica = fake("replica");
    const primary = fake("primary", replica);
    expect(readerFor(primary, request(), null, T)).toBe(replica);
    expect(readerFor(primary, request("theme=dark; other=1"), { role: "user" }, T)).toBe(replica);
  });

  it("the primary for operators, and for a client that carries the recent-write cookie", () => {
    const replica = fake("replica");
    const primary = fake("primary", replica);
    expect(readerFor(primary, request(), { role: "admin" }, T)).toBe(primary);
    expect(readerFor(primary, request(`a=b; ${RECENT_WRITE_COOKIE}=1`), null, T)).toBe(primary);
    expect(readerFor(primary, request(`not_${RECENT_WRITE_COOKIE}=1`), null, T)).toBe(replica);
  });

  it("the primary for everyone for a few seconds after listings changed, then the replica again", () => {
    const replica = fake("replica");
    const primary = fake("primary", replica);
    const other = fake("other primary", fake("other replica"));
    noteListingsChanged(primary, T);
    expect(readerFor(primary, request(), null, T)).toBe(primary);
    expect(readerFor(primary, request(), null, T + READ_YOUR_WRITES_MS - 1)).toBe(primary);
    expect(readerFor(primary, request(), null, T + READ_YOUR_WRITES_MS)).toBe(replica);
    // Only the database that changed.
    expect(readerFor(other, request(), null, T)).toBe(other.replica);
  });
});

describe("the recent-write cookie", () => {
  it("lives as long as the primary serves the writer, for every path, out of scripts' reach", () => {
    expect(recentWriteCookie(false)).toBe(
      `${RECENT_WRITE_COOKIE}=1; Max-Age=${READ_YOUR_WRITES_MS / 1000}; Path=/; HttpOnly; SameSite=Lax`,
    );
    expect(recentWriteCookie(true)).toMatch(/; Secure$/);
    expect(wroteRecently(request(recentWriteCookie(false).split(";")[0]))).toBe(true);
    expect(wroteRecently(request())).toBe(false);
  });
});
