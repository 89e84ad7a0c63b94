/**
 * /admin/system over real HTTP to the whole application (issue 34, decision 0107): the running server's own heartbeat
 * and a second server's row both show for an admin, with the release; a member who is not an admin, a visitor and an
 * API key get what every operator page gives them and none of the page's data (hosts, commit, process ids); and the
 * SMTP "test" button, a plain form post (no JavaScript), makes a real connection to the configured server and says so.
 */
import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalSmtp, type LocalSmtp } from "../fakes/local-smtp.ts";
import { Browser } from "../multi-server/support/browser.ts";
import { signIn } from "../multi-server/support/sign-in.ts";
import { startAppOverHttp, type AppOverHttp } from "../support/app-over-http.ts";
import { rawRequest } from "../support/raw-request.ts";

let app: AppOverHttp;
let smtp: LocalSmtp;
const server = () => ({ url: app.base, name: "app" });
const admin = new Browser();
const member = new Browser();
let memberKey = "";
const COMMIT = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
const SECOND_HOST = "web-2.internal.example";

/** What no one but an admin may receive: the second server's name, the commit, this server's host. */
function expectNothingOfThePage(body: string) {
  expect(body).not.toContain(SECOND_HOST);
  expect(body).not.toContain(COMMIT.slice(0, 12));
  expect(body).not.toContain("Server processes");
}

beforeAll(async () => {
  smtp = await startLocalSmtp();
  app = await startAppOverHttp({ env: { SMTP_URL: smtp.url, GIT_COMMIT: COMMIT } });
  await signIn(admin, server(), "demo-admin");
  await signIn(member, server(), "demo-premium");
  const { createApiKey } = await import("~/features/api-keys/api-keys.server.ts");
  ({ secret: memberKey } = await createApiKey(app.database, "demo-premium", "member's script"));
  // A second server, seen when this one last wrote: the page reads both from the database.
  const [own] = await app.database.rows<{ last_seen_at: string }>(sql`SELECT last_seen_at FROM server_processes`);
  const { writeHeartbeat } = await import("~/features/system-status/process-heartbeat.server.ts");
  const seen = new Date(own!.last_seen_at);
  await writeHeartbeat(
    app.database,
    { processKey: `${SECOND_HOST}:4242:x`, host: SECOND_HOST, pid: 4242, startedAt: seen },
    { version: "0.34.0", commit: COMMIT },
    seen,
  );
});

afterAll(async () => {
  await app?.close();
  await smtp?.stop();
});

describe("/admin/system", () => {
  it("shows an admin both servers from the database, with the release they run", async () => {
    const answer = await admin.get(server(), "/admin/system");
    expect(answer.status).toBe(200);
    // React marks where one text node ends and the next begins: read the text as a person does.
    const page = (await answer.text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Server processes seen in the last minute (2)");
    expect(page).toContain(`${hostname()} · pid ${process.pid}`);
    expect(page).toContain(`${SECOND_HOST} · pid 4242`);
    expect(page).toContain(COMMIT);
  });

  it("gives a member 403, a visitor the sign-in page and an API key nothing, none of them the page's data", async () => {
    for (const path of ["/admin/system", "/admin/system.data"]) {
      const answer = await member.get(server(), path);
      expect(answer.status, path).toBe(403);
      expectNothingOfThePage(await answer.text());
      // A visitor is sent to sign in: a 302 for the page, a redirect inside a 202 for its data (React Router's single fetch).
      const visitor = await rawRequest(app.base, { path, headers: { Accept: "text/html" } });
      expect([302, 202], path).toContain(visitor.status);
      if (visitor.status === 202) expect(visitor.body).toContain("/sign-in?returnTo=");
      expectNothingOfThePage(visitor.body);
      const keyed = await rawRequest(app.base, { path, headers: { Authorization: `Bearer ${memberKey}`, Accept: "text/html" } });
      expect([302, 202, 401, 403], path).toContain(keyed.status);
      expectNothingOfThePage(keyed.body);
    }
    const posted = await member.post(server(), "/admin/system", { integration: "smtp" });
    expect(posted.status).toBe(403);
    expectNothingOfThePage(await posted.text());
  });

  it("tests SMTP from a plain form post: a real connection, no message sent, the outcome on the page", async () => {
    const answer = await admin.post(server(), "/admin/system", { integration: "smtp" });
    expect(answer.status).toBe(200);
    expect((await answer.text()).replaceAll("<!-- -->", "")).toMatch(
      /role="status"[^>]*>OK: Connected, greeted and logged in; no message sent\./,
    );
    expect(smtp.received).toHaveLength(0);
    const refused = await admin.post(server(), "/admin/system", { integration: "../../etc" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Choose an integration to test.");
  });
});
