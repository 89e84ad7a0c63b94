/**
 * The grouped audit log (issue 32, decision 0093) over real HTTP to the whole application: only an admin sees a run or
 * its entries; a member is refused and a visitor sent to sign in, whatever filter, cursor or run the address carries.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, auditRuns } from "#db/schema/audit.ts";
import { Browser } from "../multi-server/support/browser.ts";
import { signIn, type DemoUserId } from "../multi-server/support/sign-in.ts";
import { startAppOverHttp, type AppOverHttp } from "../support/app-over-http.ts";
import { rawRequest } from "../support/raw-request.ts";

const RUN = "0b000000-0000-4000-8000-0000000000a1";
const COMPANY = "Zephyrine Imported Co";
let app: AppOverHttp;
const cookies: Partial<Record<DemoUserId, string>> = {};

beforeAll(async () => {
  app = await startAppOverHttp();
  for (const user of ["demo-subscriber", "demo-admin"] as const) {
    const browser = new Browser();
    await signIn(browser, { url: app.base, name: "app" }, user);
    cookies[user] = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  await app.database.db
    .insert(auditRuns)
    .values({ id: RUN, kind: "provider_import", source: "LeadsOnTrees", counts: { "duplicate_check:created": 3 } });
  await app.database.db.insert(auditLog).values(
    Array.from({ length: 3 }, () => ({
      operation: "duplicate_check",
      source: "LeadsOnTrees",
      action: "created",
      companyName: COMPANY,
      runId: RUN,
    })),
  );
});

afterAll(async () => {
  await app?.close();
});

const get = (path: string, user?: DemoUserId) => rawRequest(app.base, { path, headers: user ? { Cookie: cookies[user]! } : {} });
const PATHS = [
  "/admin/audit-log?kind=machine",
  `/admin/audit-log?run=${RUN}`,
  "/admin/audit-log?kind=people&before=2026-01-01T00:00:00.000000Z_" + RUN,
  "/admin",
];

describe("the grouped audit log", () => {
  it.each(PATHS)("refuses a member at %s and shows nothing of the run", async (path) => {
    const answer = await get(path, "demo-subscriber");
    expect(answer.status).toBe(403);
    expect(answer.body).not.toContain(COMPANY);
    expect(answer.body).not.toContain(RUN);
  });

  it.each(PATHS)("sends a visitor at %s to sign in", async (path) => {
    const answer = await get(path);
    expect([302, 303]).toContain(answer.status);
    expect(answer.headers.location).toMatch(/^\/sign-in/);
  });

  it("shows an admin the run as one row of 3 entries, and opens it to them", async () => {
    const grouped = await get("/admin/audit-log?kind=machine", "demo-admin");
    expect(grouped.status).toBe(200);
    expect(grouped.body).toContain(`/admin/audit-log?run=${RUN}`);
    expect(grouped.body).toContain("3 entries");
    expect(grouped.body.split('data-testid="audit-run"').length - 1).toBe(1);
    expect(grouped.body).not.toContain('data-testid="audit-entry"');
    const opened = await get(`/admin/audit-log?run=${RUN}`, "demo-admin");
    expect(opened.status).toBe(200);
    expect(opened.body.split('data-testid="audit-entry"').length - 1).toBe(3);
    expect(opened.body).toContain(COMPANY);
  });

  it("answers 404 for a run that does not exist, and ignores filters that cannot be values", async () => {
    expect((await get("/admin/audit-log?run=0b000000-0000-4000-8000-00000000ffff", "demo-admin")).status).toBe(404);
    expect((await get("/admin/audit-log?kind=robots&before=%27--&run=1", "demo-admin")).status).toBe(200);
  });
});
