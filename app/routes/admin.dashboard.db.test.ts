/** The dashboard's introduction funnel is for admins only (DESIGN D7): the loader refuses anyone else before counting. */
import { isRouteErrorResponse } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/lib/errors.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs, testUser } from "#test-support/test-route.ts";
import type { Route } from "./+types/admin.dashboard";
import { loader } from "./admin.dashboard.tsx";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const load = (user: ReturnType<typeof testUser> | null) => loader(loaderArgs<Route.LoaderArgs>(database, "/admin", {}, { user }));

/** What the loader threw, as the status a browser gets. */
async function refusal(user: ReturnType<typeof testUser> | null): Promise<number> {
  try {
    await load(user);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    if (thrown instanceof AppError) return thrown.status; // the error pipeline answers it with its code's status
    if (isRouteErrorResponse(thrown)) return thrown.status;
    if (thrown && typeof thrown === "object" && "init" in thrown) return (thrown as { init: ResponseInit }).init.status ?? 0;
    throw thrown;
  }
  throw new Error("the loader answered");
}

describe("/admin funnel", () => {
  it("is part of an admin's dashboard: twelve months of the six steps", async () => {
    const data = await load(testUser("premium", "admin"));
    expect(data.funnel.months).toHaveLength(12);
    expect(Object.keys(data.funnel.totals)).toEqual(["requested", "approved", "accepted", "declined", "expired", "introduced"]);
  });

  it("refuses a member who is not an admin (403) and sends a signed-out visitor to sign in", async () => {
    expect(await refusal(testUser("premium", "user"))).toBe(403);
    expect(await refusal(null)).toBe(302);
  });
});
