import { describe, expect, it } from "vitest";
import { expectedSchema } from "./expected-schema.server.ts";
import { migrationOrigins, migrationStatus, type CommittedMigration } from "./migrations.ts";
import { checkSchema, databaseQuickFixes, normalizeType, type ExpectedTable } from "./schema-check.ts";

describe("normalizeType", () => {
  it.each([
    ["serial", "integer"],
    ["numeric(18, 2)", "numeric(18,2)"],
    ['"tsvector"', "tsvector"],
    ["varchar(255)", "character varying(255)"],
    ["integer[]", "integer[]"],
    ["int4[]", "integer[]"],
    ["timestamp", "timestamp without time zone"],
    ["timestamp with time zone", "timestamp with time zone"],
    ["timestamp (3) with time zone", "timestamp(3) with time zone"],
  ])("%s -> %s", (type, normal) => expect(normalizeType(type)).toBe(normal));

  it("maps every type of our schema to what PostgreSQL's format_type calls it", () => {
    const types = new Set(expectedSchema().flatMap((t) => t.columns.map((c) => normalizeType(c.type))));
    const POSTGRES_NAMES = [
      "text",
      "timestamp with time zone",
      "uuid",
      "jsonb",
      "integer",
      "real",
      "text[]",
      "smallint",
      "integer[]",
      "uuid[]",
      "boolean",
      "numeric(18,2)",
      "date",
      "numeric(12,4)",
      "tsvector",
      "bytea",
      "bigint",
      "xid8",
    ];
    expect([...types].filter((t) => !POSTGRES_NAMES.includes(t))).toEqual([]);
  });
});

const EXPECTED: ExpectedTable[] = [
  {
    name: "things",
    columns: [
      { name: "id", type: "serial" },
      { name: "name", type: "text" },
      { name: "colour", type: "text" },
    ],
  },
  { name: "parts", columns: [{ name: "id", type: "uuid" }] },
];
const MIGRATIONS: CommittedMigration[] = [
  {
    tag: "0000_things",
    when: 1,
    hash: "a",
    sql: 'CREATE TABLE "things" (\n\t"id" serial PRIMARY KEY NOT NULL,\n\t"name" text NOT NULL\n);',
  },
  { tag: "0001_colour", when: 2, hash: "b", sql: 'ALTER TABLE "things" ADD COLUMN "colour" text;' },
  { tag: "0002_parts", when: 3, hash: "c", sql: 'CREATE TABLE "parts" (\n\t"id" uuid PRIMARY KEY NOT NULL\n);' },
];
const ALL_APPLIED = MIGRATIONS.map((m) => ({ hash: m.hash, createdAt: m.when }));
const origins = migrationOrigins(MIGRATIONS);

describe("checkSchema and databaseQuickFixes", () => {
  it("says everything exists and has nothing to fix when the database matches", () => {
    const check = checkSchema(
      EXPECTED,
      ["parts", "things"],
      [
        { table: "things", name: "id", type: "integer" },
        { table: "things", name: "name", type: "text" },
        { table: "things", name: "colour", type: "text" },
        { table: "parts", name: "id", type: "uuid" },
      ],
      new Map([["things", { n: 3 }]]),
      (t) => (t === "things" ? "Things" : undefined),
    );
    expect(check.tables.map((t) => [t.name, t.specName, t.exists, t.records?.n ?? null])).toEqual([
      ["things", "Things", true, 3],
      ["parts", undefined, true, null],
    ]);
    expect(check.tables.flatMap((t) => t.columns).every((c) => c.state === "exists")).toBe(true);
    expect(databaseQuickFixes(check, migrationStatus(MIGRATIONS, ALL_APPLIED), origins)).toEqual([]);
  });

  it("names the migration of a dropped column and gives the statement that adds it back", () => {
    const check = checkSchema(
      EXPECTED,
      ["parts", "things"],
      [
        { table: "things", name: "id", type: "integer" },
        { table: "things", name: "name", type: "character varying(40)" },
        { table: "things", name: "legacy", type: "text" },
        { table: "parts", name: "id", type: "uuid" },
      ],
      new Map(),
    );
    const things = check.tables[0]!;
    expect(things.columns.map((c) => `${c.name}:${c.state}`)).toEqual([
      "id:exists",
      "name:type differs",
      "colour:missing",
      "legacy:exists",
    ]);
    expect(things.columns[3]).toMatchObject({ expectedType: null, detectedType: "text" });
    const fixes = databaseQuickFixes(check, migrationStatus(MIGRATIONS, ALL_APPLIED), origins);
    expect(fixes[0]).toEqual({
      severity: "error",
      text: expect.stringMatching(
        /^Column things\.colour is missing although it is created by migration 0001_colour, which is recorded as applied/,
      ),
      code: ['ALTER TABLE "things" ADD COLUMN "colour" text;'],
    });
    expect(fixes[1]).toMatchObject({
      severity: "warning",
      text: expect.stringMatching(/things\.name is character varying\(40\).*the schema says text/),
    });
  });

  it("sends a missing table to its pending migration, and a skipped one to the SQL file", () => {
    const check = checkSchema(EXPECTED, ["things", "old_stuff"], [{ table: "things", name: "id", type: "integer" }], new Map());
    const pending = databaseQuickFixes(check, migrationStatus(MIGRATIONS, ALL_APPLIED.slice(0, 2)), origins);
    expect(pending.map((f) => f.text)).toEqual([
      expect.stringMatching(/^Column things\.name is missing although it is created by migration 0000_things/),
      expect.stringMatching(/^Column things\.colour is missing although it is created by migration 0001_colour/),
      expect.stringMatching(
        /^Table parts is missing: it is created by migration 0002_parts, which has not been applied: restart the server/,
      ),
      expect.stringMatching(/^Migration 0002_parts has not been applied: restart the server/),
      "Tables outside our schema (made by hand or by an older version; nothing reads them): old_stuff.",
    ]);
    const skipped = databaseQuickFixes(check, migrationStatus(MIGRATIONS, [ALL_APPLIED[0]!, ALL_APPLIED[2]!]), origins);
    expect(skipped[1]).toMatchObject({
      text: expect.stringMatching(/0001_colour, which was skipped/),
      code: ['ALTER TABLE "things" ADD COLUMN "colour" text;'],
    });
  });

  it("asks for a new migration when no committed one creates the missing piece", () => {
    const check = checkSchema([{ name: "ghosts", columns: [] }], [], [], new Map());
    expect(databaseQuickFixes(check, migrationStatus([], []), migrationOrigins([]))[0]?.text).toMatch(
      /^Table ghosts is missing and no committed migration creates it: run `npm run db:generate`/,
    );
  });
});
