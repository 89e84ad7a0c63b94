/**
 * One plan catalogue, read from the tier records, behind every screen that names, prices or limits a plan: the root
 * loader (the upgrade dialog and the locks), settings, the access-control page, the plan purchase and the quotas. An
 * operator's edit at /admin/tiers changes all of them at once.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { seedReferenceData } from "#demo/seed-database.ts";
import type { PlanCatalogue } from "~/features/access/plan-catalogue.ts";
import { getTierRows } from "~/features/reference-editor/edit-tier.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs, testUser } from "#test-support/test-route.ts";
import * as root from "../root.tsx";
import * as adminTiers from "./admin.tiers.tsx";
import * as choosePlan from "./api.billing.choose-plan.ts";
import * as accessControl from "./debug.access-control.tsx";
import * as settings from "./settings.tsx";

let database: Database;
const admin = testUser("premium", "admin");
let sam: SessionUser;
let pat: SessionUser;

const args = (path: string, user: SessionUser | null, init?: RequestInit) => loaderArgs(database, path, {}, { user, init }) as never;

async function insert(user: SessionUser) {
  await database.db.insert(users).values({ id: user.id, name: user.name, email: user.email, tier: user.tier, role: user.role });
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedReferenceData(database);
  sam = { ...testUser("subscriber"), id: "catalogue-sam" };
  pat = { ...testUser("public"), id: "catalogue-pat", email: "pat@catalogue.introbase.test" };
  for (const user of [admin, sam, pat]) await insert(user);
});

afterAll(async () => {
  await database?.close();
});

/** What each screen says about the subscriber plan, as its loader hands it to the page. */
async function screens() {
  const rootData = (await root.loader(args("/", sam))) as { plans: PlanCatalogue };
  const settingsData = (await settings.loader(args("/settings", sam))) as {
    plan: { name: string; monthlyPrice: number; benefits: string[] };
    usage: Array<{ type: string; limit: number }>;
  };
  const control = (await accessControl.loader(args("/debug/access-control", admin))) as {
    tiers: Array<{ level: string; name: string; price: string; limits: { views: number } }>;
  };
  const row = control.tiers.find((t) => t.level === "subscriber")!;
  return {
    dialog: rootData.plans.subscriber,
    settings: settingsData.plan,
    settingsViews: settingsData.usage.find((q) => q.type === "views")!.limit,
    accessControl: { name: row.name, price: row.price, views: row.limits.views },
  };
}

async function saveSubscriber(changes: Record<string, string>) {
  const values = (await getTierRows(database)).find((r) => r.name === "subscriber")!.values;
  const body = new URLSearchParams({ ...values, ...changes, tier: "subscriber" });
  const result = (await adminTiers.action(args("/admin/tiers", admin, { method: "POST", body }))) as { data: { ok: boolean } };
  expect(result.data.ok).toBe(true);
}

describe("the plan catalogue behind every screen", () => {
  it("names, prices and limits the seeded subscriber plan alike everywhere", async () => {
    const now = await screens();
    expect(now.dialog).toMatchObject({ name: "Subscriber", monthlyPrice: 29, annualPrice: 290, mostPopular: true });
    expect(now.dialog.highlights).toContain("500 company views a month");
    expect(now.dialog.highlights).not.toContain("Unlimited company views");
    expect(now.settings).toEqual({ name: "Subscriber", monthlyPrice: 29, benefits: now.dialog.benefits });
    expect(now.accessControl).toEqual({
      name: "Subscriber",
      price: "$29 per month or $290 per year (Demo: no payment is taken)",
      views: 500,
    });
    expect(now.settingsViews).toBe(500);
  });

  it("follows an operator's edit at /admin/tiers on every screen, the quota and the price a purchase must match", async () => {
    await saveSubscriber({
      displayName: "Growth",
      monthlyPrice: "39",
      annualPrice: "390",
      maxCompanyViewsPerMonth: "-1",
      prioritySupport: "on",
    });
    const after = await screens();
    expect(after.dialog).toMatchObject({ name: "Growth", monthlyPrice: 39 });
    expect(after.dialog.highlights).toEqual(expect.arrayContaining(["Unlimited company views", "Priority support"]));
    expect(after.dialog.highlights).not.toContain("500 company views a month");
    expect(after.settings).toEqual({ name: "Growth", monthlyPrice: 39, benefits: after.dialog.benefits });
    expect(after.accessControl).toEqual({
      name: "Growth",
      price: "$39 per month or $390 per year (Demo: no payment is taken)",
      views: 999999,
    });
    expect(after.settingsViews).toBe(999999);

    // A buyer who was shown the old price buys nothing; at the new one they get the plan by its new name.
    const post = (body: unknown) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const stale = (await choosePlan.action(
      args("/api/billing/choose-plan", pat, post({ tier: "subscriber", monthlyPrice: 29 })),
    )) as Response;
    expect(stale.status).toBe(409);
    expect((await stale.json()).error).toMatch(/^Growth now costs \$39 per month, not \$29 per month\./);
    const bought = (await choosePlan.action(
      args("/api/billing/choose-plan", pat, post({ tier: "subscriber", monthlyPrice: 39 })),
    )) as Response;
    expect(bought.status).toBe(200);
    expect(await bought.json()).toMatchObject({
      ok: true,
      data: { title: "Your plan is now Growth", plan: { name: "Growth", interval: "monthly", price: 39 } },
    });
    const [row] = await database.db.select({ tier: users.tier }).from(users).where(eq(users.id, pat.id));
    expect(row!.tier).toBe("subscriber");

    // The dearer plan still has all of it, so it says "Everything in Growth" and no longer repeats what Growth now has.
    const premium = ((await root.loader(args("/", sam))) as { plans: PlanCatalogue }).plans.premium;
    expect(premium.highlights[0]).toBe("Everything in Growth");
    expect(premium.highlights).not.toContain("Priority support");
  });
});

describe("the access-control page's usage buttons", () => {
  it("refuses a unit past the quota with spec 01 §8's message for that quota", async () => {
    // The Free plan grants no AI requests: an admin on it is refused the first one.
    const free = { ...testUser("public", "admin"), id: "catalogue-free-admin", email: "free.admin@catalogue.introbase.test" };
    await insert(free);
    const post = (intent: string) => args("/debug/access-control", free, { method: "POST", body: new URLSearchParams({ intent }) });
    const refused = (await accessControl.action(post("ai_request"))) as {
      data: { ok: boolean; message?: string };
      init?: { status?: number };
    };
    expect(refused.init?.status).toBe(429);
    expect(refused.data).toMatchObject({ ok: false, message: "AI requests quota depleted." });
  });
});
