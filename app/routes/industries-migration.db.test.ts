/**
 * The migration's and the field validation's endpoints and page actions, called as React Router calls them: admins
 * only, 202 with the job and then its run, 409 while one is under way, restore from the page, and a database
 * missing a column reported by GET /api/debug/validate-industries-fields.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema/index.ts";
import { seedListings } from "#demo/seed-database.ts";
import type { Route as MigrationApi } from "./+types/api.debug.industries-migration";
import type { Route as FieldsApi } from "./+types/api.debug.validate-industries-fields";
import type { Route as MigrationPage } from "./+types/debug.industries-migration";
import * as migrationApi from "./api.debug.industries-migration.ts";
import * as fieldsApi from "./api.debug.validate-industries-fields.ts";
import * as migrationPage from "./debug.industries-migration.tsx";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { AppError } from "~/lib/errors.ts";
import { answerOf, loaderArgs, testUser, unreachableDatabase } from "#test-support/test-route.ts";
import { runIndustriesMigrationJob } from "~/features/taxonomy/industries-migration-job.server.ts";
import { INDUSTRIES_MIGRATION_JOB } from "~/features/taxonomy/migration-jobs.server.ts";
import type { MigrationJobView } from "~/features/taxonomy/migration-run.ts";

let database: Database;
const ADMIN = testUser("premium", "admin");
const MEMBER = testUser("subscriber");

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 20);
  for (const user of [ADMIN, MEMBER]) await insertMember(database, user.id, user.tier, user.role);
});

afterAll(async () => {
  await database?.close();
});

const post = (user = ADMIN) =>
  answerOf(
    migrationApi.action(
      loaderArgs<MigrationApi.ActionArgs>(database, "/api/debug/industries-migration", {}, { user, init: { method: "POST" } }),
    ),
  );
const get = (query = "") =>
  answerOf(
    migrationApi.loader(loaderArgs<MigrationApi.LoaderArgs>(database, `/api/debug/industries-migration${query}`, {}, { user: ADMIN })),
  );

async function thrownStatus(run: () => unknown): Promise<number> {
  try {
    await run();
    return 200;
  } catch (thrown) {
    // The guard fails through the error pipeline: a Response, or an AppError it answers with its code's status.
    return thrown instanceof Response || thrown instanceof AppError ? thrown.status : -1;
  }
}

describe("POST and GET /api/debug/industries-migration", () => {
  it("is for admins only", async () => {
    expect((await post(MEMBER)).status).toBe(403);
    expect((await post(null as never)).status).toBe(401);
  });

  it("queues a migration (202), refuses a second (409), and reports the run once a worker ran it", async () => {
    const started = await post();
    expect(started.status).toBe(202);
    const { job } = (await started.json()) as MigrationJobView;
    expect(job).toMatchObject({
      jobType: INDUSTRIES_MIGRATION_JOB,
      status: "queued",
    });
    expect(started.headers.get("location")).toBe(`/api/debug/industries-migration?job=${job.id}`);

    const second = await post();
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({
      error: expect.stringContaining("already running"),
      job: job.id,
    });

    await new JobWorker(database, {
      [INDUSTRIES_MIGRATION_JOB]: runIndustriesMigrationJob,
    }).tick();
    const view = (await (await get(`?job=${job.id}`)).json()) as MigrationJobView;
    expect(view.job.status).toBe("completed");
    expect(view.run).toMatchObject({
      finished: true,
      results: { success: true, primaryCategories: 32 },
    });
    expect(((await (await get()).json()) as MigrationJobView).job.id).toBe(job.id);
  });

  it("answers 400 for a bad job id and 404 for an unknown one", async () => {
    expect((await get("?job=nope")).status).toBe(400);
    expect((await get("?job=00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});

describe("the migration page", () => {
  it("lists the backups and restores one", async () => {
    const data = await migrationPage.loader(
      loaderArgs<MigrationPage.LoaderArgs>(database, "/debug/industries-migration", {}, { user: ADMIN }),
    );
    expect(data.taxonomy.primaryCategories).toBe(32);
    expect(data.current.withKey).toBe(data.taxonomy.totalIndustries);
    expect(data.backups).toHaveLength(1);
    const form = new URLSearchParams({
      intent: "restore",
      backupId: data.backups[0]!.id,
    });
    const outcome = await migrationPage.action(
      loaderArgs<MigrationPage.ActionArgs>(
        database,
        "/debug/industries-migration",
        {},
        { user: ADMIN, init: { method: "POST", body: form } },
      ),
    );
    expect(outcome).toMatchObject({ data: { ok: true, message: expect.stringMatching(/^Backup restored: 32 industries/) } });
    const [fintech] = await database.db.select().from(s.industries).where(eq(s.industries.name, "FinTech"));
    expect(fintech).toMatchObject({
      industryKey: null,
      primaryCategory: "FinTech",
    });
  });

  it("explains a bad restore request beside the form", async () => {
    const outcome = await migrationPage.action(
      loaderArgs<MigrationPage.ActionArgs>(
        database,
        "/debug/industries-migration",
        {},
        {
          user: ADMIN,
          init: {
            method: "POST",
            body: new URLSearchParams({
              intent: "restore",
              backupId: "00000000-0000-4000-8000-000000000000",
            }),
          },
        },
      ),
    );
    expect(outcome).toMatchObject({ data: { ok: false, message: "No such backup: it may have been deleted." } });
  });
});

describe("GET /api/debug/validate-industries-fields", () => {
  const validate = (db = database, user = ADMIN) =>
    fieldsApi.loader(loaderArgs<FieldsApi.LoaderArgs>(db, "/api/debug/validate-industries-fields", {}, { user }));

  it("is for admins only", async () => {
    expect(await thrownStatus(() => validate(database, MEMBER))).toBe(403);
  });

  it("reports our schema as ready", async () => {
    const response = await validate();
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      success: true,
      error: null,
      ready: true,
      message: "Ready for Migration!",
    });
    expect(body.existingFields).toEqual(expect.arrayContaining(["primary_category", "industry_key", "mapping_confidence"]));
    expect(body.fields).toHaveLength(8);
  });

  it("reports a column the database is missing, with the SQL that adds it back", async () => {
    const scratch = await openTestDatabase();
    try {
      await scratch.rows(sql`ALTER TABLE industries DROP COLUMN mapping_confidence`);
      const body = await (await validate(scratch)).json();
      expect(body).toMatchObject({
        success: true,
        ready: false,
        message: "Missing 1 Required Fields",
        missingRequired: ["Mapping Confidence"],
      });
      expect(body.existingFields).not.toContain("mapping_confidence");
      expect(body.sql).toBe("ALTER TABLE industries ADD COLUMN IF NOT EXISTS mapping_confidence text;");
      // The SQL it gives puts the database right.
      await scratch.rows(sql.raw(body.sql));
      expect(await (await validate(scratch)).json()).toMatchObject({
        ready: true,
      });
    } finally {
      await scratch.close();
    }
  });

  it("answers success false with the error when the database cannot be read", async () => {
    const response = await validate(unreachableDatabase());
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      success: false,
      error: expect.any(String),
      existingFields: [],
    });
  });
});
