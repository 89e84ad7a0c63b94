/**
 * The claim pages over real HTTP, as a browser without JavaScript posts them (issue 36, decision 0114): signed out they
 * send the visitor to sign in and back; refused input is a 400 with the message beside the field, never a 500; a
 * claim's link says why it does nothing (forged 404, another account 403, used 409) and works once for its member.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser } from "../multi-server/support/browser.ts";
import { signIn } from "../multi-server/support/sign-in.ts";
import { startAppOverHttp, type AppOverHttp } from "../support/app-over-http.ts";
import { rawRequest } from "../support/raw-request.ts";

let app: AppOverHttp;
let pat: string;
let sam: string;
let listing: { id: string; type: string; slug: string; name: string };
let claimPath: string;

async function cookieOf(user: "demo-public" | "demo-subscriber") {
  const browser = new Browser();
  await signIn(browser, { url: app.base, name: "app" }, user);
  return [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}

beforeAll(async () => {
  app = await startAppOverHttp();
  [listing] = (await app.database.rows<typeof listing>(
    sql`SELECT id::text AS id, type, slug, name FROM listings WHERE processing_status = 'published' AND visibility = 'public' ORDER BY slug LIMIT 1`,
  )) as [typeof listing];
  await app.database.rows(
    sql`UPDATE listings SET website_url = 'https://www.http-claims.example/about' WHERE id = ${listing.id}::uuid RETURNING id`,
  );
  claimPath = `/profile/${listing.type}/${listing.slug}/claim`;
  pat = await cookieOf("demo-public");
  sam = await cookieOf("demo-subscriber");
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const get = (path: string, cookie?: string) => rawRequest(app.base, { path, headers: cookie ? { Cookie: cookie } : {} });
const post = (path: string, cookie: string, form: Record<string, string>) =>
  rawRequest(app.base, { method: "POST", path, headers: { Cookie: cookie, Origin: app.base }, form });

describe("the claim page", () => {
  it("sends a visitor to sign in and back", async () => {
    const answer = await get(claimPath);
    expect([302, 303]).toContain(answer.status);
    expect(answer.headers.location).toBe(`/sign-in?${new URLSearchParams({ returnTo: claimPath })}`);
  });

  it("answers refused input with a 400 and the message beside the field, keeping what was typed", async () => {
    const freeMail = await post(claimPath, pat, { intent: "domain", email: "pat@gmail.com" });
    expect(freeMail.status).toBe(400);
    expect(freeMail.body).toContain("cannot prove ownership alone");
    expect(freeMail.body).toContain('value="pat@gmail.com"');
    const notAnAddress = await post(claimPath, pat, { intent: "domain", email: "not an address" });
    expect(notAnAddress.status).toBe(400);
    expect(notAnAddress.body).toContain("Enter an e-mail address like name@company.com.");
    const noEvidence = await post(claimPath, pat, { intent: "evidence", role: "", evidence: "short", evidenceUrl: "javascript:alert(1)" });
    expect(noEvidence.status).toBe(400);
    for (const message of ["Say what you do at the company.", "at least 20 characters", "Enter a link starting with https://"])
      expect(noEvidence.body).toContain(message);
    // A NUL in the evidence: said beside that field, the page and the rest of the typing kept (not the bare 400 page).
    const nul = await post(claimPath, pat, {
      intent: "evidence",
      role: "Founder",
      evidence: "I run the\u0000 company, see the team page.",
      evidenceUrl: "",
    });
    expect(nul.status).toBe(400);
    expect(nul.body).toContain("This field contains a character that is not allowed (NUL)");
    expect(nul.body).toContain('value="Founder"');
    expect((await post(`/profile/${listing.type}/no-such-listing/claim`, pat, { intent: "domain", email: "a@b.example" })).status).toBe(
      404,
    );
  });
});

describe("a claim's link", () => {
  it("is refused to another account and when forged, makes its member an owner once, then says it was used", async () => {
    const sent = await post(claimPath, pat, { intent: "domain", email: "pat@http-claims.example" });
    expect(sent.status).toBe(200);
    expect(sent.body).toContain("We sent a link to pat@http-claims.example.");
    const [mail] = await app.database.rows<{ text: string }>(
      sql`SELECT text FROM outbox_emails WHERE 'pat@http-claims.example' = ANY("to") ORDER BY created_at DESC LIMIT 1`,
    );
    const path = /(\/claim-listing\?token=\S+)/.exec(mail!.text)![1]!;
    const token = new URL(path, app.base).searchParams.get("token")!;

    const bySam = await get(path, sam);
    expect(bySam.status).toBe(403);
    expect(bySam.body).toContain("This link belongs to another account");
    expect((await post("/claim-listing", sam, { token })).status).toBe(403);
    const forged = await get(`/claim-listing?token=${encodeURIComponent(token.slice(0, -3) + "abc")}`, pat);
    expect(forged.status).toBe(404);
    expect(forged.body).toContain("This link is not valid");

    const opened = await get(path, pat);
    expect(opened.status).toBe(200);
    expect(opened.body).toContain(`Confirm that you keep ${listing.name}`);
    // Opening it claimed nothing (a mail scanner opens links): the member does not keep it yet.
    expect((await get("/my-listings", pat)).body).not.toContain(`/my-listings/${listing.id}"`);
    const confirmed = await post("/claim-listing", pat, { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toContain(`You now keep ${listing.name}`);
    expect((await get(`/my-listings/${listing.id}/owners`, pat)).status).toBe(200);
    const replayed = await post("/claim-listing", pat, { token });
    expect(replayed.status).toBe(409);
    expect(replayed.body).toContain("This link was already used");
  });

  it("an invitation link that is not one of ours is a 404 that says so", async () => {
    const answer = await get("/owner-invitation?token=i.not-a-token", pat);
    expect(answer.status).toBe(404);
    expect(answer.body).toContain("This link is not valid");
  });
});
