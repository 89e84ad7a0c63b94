/**
 * A NUL typed (or pasted) into the listing editor (issue 29, noted beside §5): the form comes back with a message
 * beside that field and everything else as typed, like every other form (decision 0045), instead of the whole save
 * ending on a "request could not be read" page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server.ts";
import { NUL_FIELD_MESSAGE } from "~/lib/form-parse.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import { loaderArgs, testUser } from "#test-support/test-route.ts";
import * as editListing from "./admin.listings.edit.tsx";
import * as newListing from "./admin.listings.new.tsx";

let database: Database;
const admin = testUser("premium", "admin");

beforeAll(async () => {
  database = await openTestDatabase();
  await insertMember(database, admin.id, "premium", "admin");
});

afterAll(async () => {
  await database?.close();
});

/** The editor's form as a browser without JavaScript posts it: urlencoded, NUL as %00. */
const posted = (body: string) => ({
  user: admin,
  init: { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } },
});

type Answer = {
  data: { ok: boolean; errors: Record<string, string>; values: { fields: Record<string, string>; rows: Record<string, unknown> } };
  init: { status: number };
};

describe("NUL in the listing editor", () => {
  it("is refused beside its field on a new listing, and the rest comes back as typed", async () => {
    const body = "intent=save&type=startup&visibility=public&name=Nul+Works&tagline=Fast%00er+tools&team%5B0%5D%5Bname%5D=Ada%00+L";
    const answer = (await newListing.action(loaderArgs(database, "/admin/listings/new", {}, posted(body)) as never)) as Answer;
    expect(answer.init.status).toBe(400);
    expect(answer.data.errors).toMatchObject({ tagline: NUL_FIELD_MESSAGE, "team[0][name]": NUL_FIELD_MESSAGE });
    // What was typed, without the character that cannot be stored or shown.
    expect(answer.data.values.fields).toMatchObject({ name: "Nul Works", tagline: "Faster tools" });
    expect(answer.data.values.rows.team).toEqual([expect.objectContaining({ name: "Ada L" })]);
  });

  it("is refused beside its field when an existing listing is saved", async () => {
    const created = (await newListing.action(
      loaderArgs(database, "/admin/listings/new", {}, posted("intent=save&type=startup&visibility=public&name=Nul+Later")) as never,
    )) as Response;
    const id = /\/admin\/listings\/([\w-]+)/.exec(created.headers.get("location") ?? "")?.[1];
    expect(id).toBeDefined();
    const body = "intent=save&type=startup&visibility=public&name=Nul+Later&problem=Broken%00";
    const answer = (await editListing.action(loaderArgs(database, `/admin/listings/${id}`, { id: id! }, posted(body)) as never)) as Answer;
    expect([answer.init.status, answer.data.errors.problem]).toEqual([400, NUL_FIELD_MESSAGE]);
  });
});
