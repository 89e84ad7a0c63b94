/**
 * Lint keeps routes on the one way to fail (decision 0108): a route that picks a status by hand (STATUS_BY_CODE, a
 * status number, a Response made with a status) is refused, so the code -> status table stays the only place that
 * decides one. Linted as if the text were a file under app/routes, with the project's own configuration.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });

async function problemsIn(code: string, filePath = "app/routes/some-route.ts"): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.message);
}

describe("a route", () => {
  it("may not import STATUS_BY_CODE", async () => {
    const problems = await problemsIn('import { STATUS_BY_CODE } from "~/lib/errors.ts";\nexport const s = STATUS_BY_CODE.not_found;\n');
    expect(problems.some((m) => m.includes("STATUS_BY_CODE"))).toBe(true);
  });

  it("may not answer with a status it computed or wrote", async () => {
    const code =
      "export const a = (s: number) => new Response(null, { status: s });\nexport const b = () => Response.json({}, { status: 404 });\n";
    const problems = await problemsIn(code);
    expect(problems.filter((m) => m.includes("status")).length).toBeGreaterThanOrEqual(2);
  });

  it("may not import the answers the pipeline replaced", async () => {
    const problems = await problemsIn('import { errorResponse } from "~/lib/error-answer.server.ts";\nexport const e = errorResponse;\n');
    expect(problems.some((m) => m.includes("errorResponse"))).toBe(true);
  });

  it("may throw the pipeline's errors and use the named answers", async () => {
    const code = [
      'import { AppError, notFound } from "~/lib/errors.ts";',
      'import { created } from "~/lib/http.server.ts";',
      "export function f(x: unknown) {",
      '  if (!x) notFound("No such thing.");',
      '  if (x === 1) throw new AppError("conflict", "Taken.");',
      "  return created(x);",
      "}",
      "",
    ].join("\n");
    expect(await problemsIn(code)).toEqual([]);
  });
});
