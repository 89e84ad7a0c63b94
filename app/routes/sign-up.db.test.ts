/**
 * Issue 30 §1: a sign-up tells the truth without telling a stranger which addresses have accounts. A new address and
 * one that already has an account get the same answer (status and words) and one e-mail each before the answer: the
 * link that confirms the new account, or "you already have an account" with the ways back in. The existing account is
 * untouched; bad input is a 400 beside its field, and the password is never sent back.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { answered, mailCount, makePasswordAccount, newestMail, routeArgs, signedInCookie } from "~/features/accounts/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import * as signUpRoute from "./sign-up.tsx";

const PASSWORD = "correct horse battery";
let database: Database;
let client = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  await makePasswordAccount(database, { name: "Owner", email: "owner@sign-up.example", password: PASSWORD });
});

afterAll(async () => {
  await database?.close();
});

async function signUp(fields: Record<string, string>) {
  return answered(
    await signUpRoute.action(await routeArgs(database, "/sign-up", { form: fields, clientAddress: `198.51.100.${++client}` })),
  );
}

describe("sign-up", () => {
  it("answers alike for a new address and one with an account, and mails each once before answering", async () => {
    const before = { owner: await mailCount(database, "owner@sign-up.example"), fresh: await mailCount(database, "fresh@sign-up.example") };
    const existing = await signUp({ name: "Stranger", email: "Owner@Sign-Up.example", password: "the stranger's password" });
    const fresh = await signUp({ name: "Fresh", email: "fresh@sign-up.example", password: "a new member's password" });
    expect(existing.status).toBe(200);
    expect(fresh.status).toBe(existing.status);
    expect(fresh.data).toEqual({ ...existing.data, data: { email: "fresh@sign-up.example" } });
    expect(await mailCount(database, "owner@sign-up.example")).toBe(before.owner + 1);
    expect(await mailCount(database, "fresh@sign-up.example")).toBe(before.fresh + 1);

    const told = await newestMail(database, "account_exists", "owner@sign-up.example");
    expect(told?.subject).toBe("You already have an Introbase account");
    expect(told?.text).toContain("/sign-in");
    expect(told?.text).toContain("/forgot-password");
    expect(await newestMail(database, "verify_email", "fresh@sign-up.example")).toBeDefined();
  });

  it("leaves the existing account as it was: one account, its own password, its own name", async () => {
    await signUp({ name: "Squatter", email: "owner@sign-up.example", password: "the squatter's password" });
    const rows = await database.db.select({ name: users.name }).from(users).where(eq(users.email, "owner@sign-up.example"));
    expect(rows).toEqual([{ name: "Owner" }]);
    expect(await signedInCookie(database, "owner@sign-up.example", PASSWORD)).toMatch(/session_token=/);
    await expect(signedInCookie(database, "owner@sign-up.example", "the squatter's password")).rejects.toThrow();
  });

  it("refuses bad input beside its field, keeping what was typed except the password", async () => {
    const short = await signUp({ name: "Shorty", email: "shorty@sign-up.example", password: "short" });
    expect(short.status).toBe(400);
    expect(short.data).toMatchObject({
      errors: { password: "Use at least 10 characters." },
      values: { name: "Shorty", email: "shorty@sign-up.example" },
    });
    expect(short.data?.values).not.toHaveProperty("password");
    const nul = await signUp({ name: "Nul\u0000Name", email: "nul@sign-up.example", password: PASSWORD });
    expect(nul.status).toBe(400);
    expect(nul.data?.errors).toEqual({ name: expect.stringContaining("NUL") });
    const long = await signUp({ name: "Long", email: "long@sign-up.example", password: "p".repeat(129) });
    expect([long.status, long.data?.errors]).toEqual([400, { password: "Use at most 128 characters." }]);
    expect(await database.db.select().from(users).where(eq(users.email, "shorty@sign-up.example"))).toEqual([]);
  });
});
