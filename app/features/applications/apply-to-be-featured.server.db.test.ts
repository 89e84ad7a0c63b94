/**
 * applyToBeFeatured's order of checks (decision 0109), as an attacker or a person fixing a mistake would meet it:
 * the limit before anything is read, the robot check before anything is stored, and nothing stored (no logo) for a
 * submission that is refused.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { featureApplications } from "#db/schema/applications.ts";
import { storedFiles } from "#db/schema/media.ts";
import { usedProofs } from "#db/schema/proof-of-work.ts";
import { seedListings } from "#demo/seed-database.ts";
import { solvedProof } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { applyToBeFeatured, RECEIVED } from "./apply-to-be-featured.server.ts";
import { featureApplicationAttempts } from "./feature-applications.server.ts";

// A fixed clock after any challenge the library could think expired: the test reads no wall clock.
const NOW = Date.parse("2099-05-01T09:00:00Z");
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 5); // the reference lists the form's choices are checked against
});
afterAll(async () => {
  await database?.close();
});

const fields = (name: string) => ({
  name,
  websiteUrl: "order-ledger.example",
  tagline: "Bookkeeping in the right order",
  description: "Order Ledger keeps the books of small workshops and files their VAT returns on time, every quarter.",
  industryIds: "1",
  geographyIds: "1",
  fundingStageId: "2",
  contactName: "Lea Favre",
  contactEmail: "lea@order-ledger.example",
});

function applicationRequest(values: Record<string, string>, { proof, logo }: { proof?: string; logo?: Uint8Array<ArrayBuffer> | string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  if (proof !== undefined) form.append("proofOfWork", proof);
  if (logo !== undefined) form.append("logo", new File([logo], "logo.png", { type: "image/png" }));
  return new Request("http://localhost/get-featured/startup", { method: "POST", body: form });
}

const apply = (request: Request, clientAddress: string, now = NOW) =>
  applyToBeFeatured(database, { type: "startup", request, userId: null, clientAddress, now });

const countOf = async (table: typeof storedFiles | typeof usedProofs) => (await database.db.select({ n: count() }).from(table))[0]!.n;
const applicationsNamed = async (name: string) =>
  (await database.db.select({ n: count() }).from(featureApplications).where(eq(featureApplications.name, name)))[0]!.n;

describe("applyToBeFeatured", () => {
  it("over the hourly limit reads nothing of the request: no proof checked or spent, no logo stored", async () => {
    const address = "203.0.113.10";
    for (let i = 0; i < featureApplicationAttempts.limit; i += 1)
      await apply(applicationRequest({ ...fields("Filler Ledger"), description: "short" }, {}), address);
    const proof = await solvedProof(database, NOW);
    const [files, proofs] = [await countOf(storedFiles), await countOf(usedProofs)];
    const request = applicationRequest(fields("Flood Ledger"), { proof, logo: PNG });
    const answer = await apply(request, address, NOW + 1_000);
    expect(answer).toEqual({
      code: "rate_limited",
      result: { message: "Too many applications from your network in the last hour. Please try again later." },
    });
    expect(request.bodyUsed).toBe(false);
    expect([await countOf(storedFiles), await countOf(usedProofs), await applicationsNamed("Flood Ledger")]).toEqual([files, proofs, 0]);
    // The proof was never looked at: from another network (or after the hour) it still carries the application.
    expect((await apply(applicationRequest(fields("Flood Ledger"), { proof, logo: PNG }), "203.0.113.11")).code).toBeNull();
  });

  it("with a refused robot check stores no logo and no application, whatever else is right", async () => {
    const files = await countOf(storedFiles);
    const missing = await apply(applicationRequest(fields("Robot Ledger"), { logo: PNG }), "203.0.113.20");
    expect(missing).toMatchObject({
      code: "bad_request",
      result: {
        message: "Please confirm you're not a robot before submitting.",
        errors: { proof: "Please confirm you're not a robot before submitting." },
        data: { logoChosen: true, proofKept: false },
      },
    });
    const forged = await apply(applicationRequest(fields("Robot Ledger"), { proof: "bm90IGEgcHJvb2Y=", logo: PNG }), "203.0.113.20");
    expect(forged.result.errors?.proof).toBe("The robot check could not be verified. Please tick the box again.");
    expect([await countOf(storedFiles), await applicationsNamed("Robot Ledger")]).toEqual([files, 0]);
  });

  it("with invalid fields after a good logo and proof leaves no orphaned logo, and keeps the proof for the fixed form", async () => {
    const proof = await solvedProof(database, NOW);
    const [files, proofs] = [await countOf(storedFiles), await countOf(usedProofs)];
    const mistake = await apply(
      applicationRequest({ ...fields("Mistake Ledger"), foundedYear: "20021" }, { proof, logo: PNG }),
      "203.0.113.30",
    );
    expect(mistake).toMatchObject({
      code: "bad_request",
      result: { message: "Please correct the highlighted fields.", data: { logoChosen: true, proofKept: true } },
    });
    expect(Object.keys(mistake.result.errors ?? {})).toEqual(["foundedYear"]);
    expect([await countOf(storedFiles), await countOf(usedProofs)]).toEqual([files, proofs]);

    const fixed = await apply(applicationRequest(fields("Mistake Ledger"), { proof, logo: PNG }), "203.0.113.30");
    expect(fixed).toEqual({ code: null, result: { message: RECEIVED } });
    // Stored together, once: one logo, one application, the proof spent.
    expect([await countOf(storedFiles), await countOf(usedProofs), await applicationsNamed("Mistake Ledger")]).toEqual([
      files + 1,
      proofs + 1,
      1,
    ]);
  });

  it("with a logo that is not an image stores nothing and leaves the proof unspent", async () => {
    const proof = await solvedProof(database, NOW);
    const [files, proofs] = [await countOf(storedFiles), await countOf(usedProofs)];
    const answer = await apply(applicationRequest(fields("Script Ledger"), { proof, logo: "<svg onload=alert(1)/>" }), "203.0.113.40");
    expect(answer).toMatchObject({
      code: "bad_request",
      result: { errors: { logo: "Upload a PNG, JPEG, WebP or GIF image." }, data: { logoChosen: false, proofKept: true } },
    });
    expect([await countOf(storedFiles), await countOf(usedProofs), await applicationsNamed("Script Ledger")]).toEqual([files, proofs, 0]);
  });

  it("with a proof already spent is refused before anything is stored", async () => {
    const proof = await solvedProof(database, NOW);
    expect((await apply(applicationRequest(fields("First Ledger"), { proof }), "203.0.113.50")).code).toBeNull();
    const files = await countOf(storedFiles);
    const replay = await apply(applicationRequest(fields("Replay Ledger"), { proof, logo: PNG }), "203.0.113.50");
    expect(replay).toMatchObject({
      code: "bad_request",
      result: { errors: { proof: "This robot check was already used. Please tick the box again." }, data: { proofKept: false } },
    });
    expect([await countOf(storedFiles), await applicationsNamed("Replay Ledger")]).toEqual([files, 0]);
  });

  it("with a funding stage that is not in the list says so beside the field (not a failed insert) and keeps the proof", async () => {
    const proof = await solvedProof(database, NOW);
    const [files, proofs] = [await countOf(storedFiles), await countOf(usedProofs)];
    const tampered = await apply(
      applicationRequest({ ...fields("Tampered Ledger"), fundingStageId: "999" }, { proof, logo: PNG }),
      "203.0.113.60",
    );
    expect(tampered).toMatchObject({
      code: "bad_request",
      result: { errors: { fundingStageId: "Choose a funding stage from the list." }, data: { proofKept: true } },
    });
    expect([await countOf(storedFiles), await countOf(usedProofs), await applicationsNamed("Tampered Ledger")]).toEqual([files, proofs, 0]);
  });
});
