/**
 * The documented query schema and the directory's parser must agree on what is a valid query: the schema answers
 * first (its message is the 400's), the parser then reads the same parameters. A value one accepts and the other
 * refuses would make the document lie.
 */
import { describe, expect, it } from "vitest";
import { parseQuery } from "~/lib/api-schema.ts";
import { AppError } from "~/lib/errors.ts";
import { parseDirectoryQuery } from "./directory-filters.ts";
import { listingsQuerySchema } from "./listings-api-schema.ts";

const CASES = [
  "",
  "type=startups&pageSize=50",
  "type=Investors&featured=true",
  "entityType=all",
  "type= partner ",
  "type=robots",
  "type=",
  "featuredOnly=ON",
  "featuredOnly=yes",
  "page=1",
  "page=0",
  "page=100000",
  "page=100001",
  "page=two",
  "page=",
  "page=1&page=2",
  "sort=recently-funded",
  "sort=Newest",
  "sort=random",
  "pageSize=25",
  "pageSize=7",
  "pageSize=",
  `searchQuery=${"x".repeat(200)}`,
  `searchQuery=${"x".repeat(201)}`,
  `q=${"x".repeat(201)}`,
  "industries=AI&industries=FinTech",
  "industries=AI,FinTech",
  `industries=${"a".repeat(101)}`,
  `industries=${Array.from({ length: 51 }, (_, i) => `v${i}`).join(",")}`,
  "businessModels=retainer,success_only",
  "businessModels=barter",
  "businessModels=retainer&businessModels=",
  "searchQuery=a&searchQuery=b",
  "sort=%20",
  "sort=%20newest%20",
  `searchQuery=${encodeURIComponent("\u{1F600}".repeat(150))}`,
  `searchQuery=${encodeURIComponent("\u{1F600}".repeat(201))}`,
  `industries=${encodeURIComponent("\u{1F600}".repeat(60))}`,
  `industries=${encodeURIComponent(` ${"a".repeat(100)} `)}`,
  `businessModels=${"a".repeat(101)}`,
  "businessModels=retainer&businessModels=barter",
];

/** The schema's verdict in the parser's shape: parseQuery throws the 400 (an AppError) for a query it refuses. */
function schemaVerdict(params: URLSearchParams): { ok: true } | { ok: false; error: string } {
  try {
    parseQuery(listingsQuerySchema, params);
    return { ok: true };
  } catch (error) {
    if (error instanceof AppError && error.code === "bad_request") return { ok: false, error: error.message };
    throw error;
  }
}

describe("the /api/listings query schema", () => {
  it.each(CASES)("agrees with parseDirectoryQuery on %j", (query) => {
    const params = new URLSearchParams(query);
    const bySchema = schemaVerdict(params);
    const byParser = parseDirectoryQuery(params);
    expect(bySchema.ok).toBe(byParser.ok);
    if (!bySchema.ok && !byParser.ok) expect(bySchema.error).toBe(byParser.error);
  });
});
