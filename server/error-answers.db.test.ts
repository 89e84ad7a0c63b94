/**
 * One way to fail (issue 35, decision 0108), over real HTTP to the whole application: input a schema refuses is a 400
 * naming its field, and every not-found (an API's or a page's) is the pipeline's answer, which no cache keeps.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser } from "../tests/multi-server/support/browser.ts";
import { signIn } from "../tests/multi-server/support/sign-in.ts";
import { startAppOverHttp, type AppOverHttp } from "../tests/support/app-over-http.ts";
import { rawRequest } from "../tests/support/raw-request.ts";

let app: AppOverHttp;
let admin = "";

beforeAll(async () => {
  app = await startAppOverHttp({ env: { API_CALLS_PER_MINUTE: "1000" } });
  const browser = new Browser();
  await signIn(browser, { url: app.base, name: "app" }, "demo-admin");
  admin = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
});

afterAll(async () => {
  await app?.close();
});

describe("input a schema refuses", () => {
  it("is a 400 whose body names the field, beside the schema's message", async () => {
    const answer = await rawRequest(app.base, { path: "/api/listings?page=abc" });
    expect(answer.status).toBe(400);
    const body = JSON.parse(answer.body) as { error: string; field?: string };
    expect(body.field).toBe("page");
    expect(body.error).toMatch(/page/i);
  });
});

describe("a not-found", () => {
  it("on an admin page is a 404 with the page's message that no cache keeps", async () => {
    const answer = await rawRequest(app.base, { path: "/admin/members/no-such-member", headers: { Cookie: admin } });
    expect(answer.status).toBe(404);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.body).toContain("No such member.");
  });

  it("in an API is a 404 `{ error }` that no cache keeps", async () => {
    const answer = await rawRequest(app.base, { path: "/api/listings/startup/no-such-startup" });
    expect(answer.status).toBe(404);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(answer.body)).toEqual({ error: "Listing not found" });
  });
});
