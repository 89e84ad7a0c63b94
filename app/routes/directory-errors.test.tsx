/**
 * The directory's failures through the error pipeline (decision 0044): the database out of reach is spec 01 §8's
 * data-source error; a fault of ours is the site's error page with a request id, not an outage.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, UNSAFE_ErrorResponseImpl, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { describe, expect, it } from "vitest";
import type { Route } from "./+types/directory";
import { ErrorBoundary, loader } from "./directory.tsx";
import { pageError } from "~/lib/error-answer.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { failingDatabase, loaderArgs, unreachableDatabase } from "#test-support/test-route.ts";

type Thrown = DataWithResponseInit<Record<string, string>>;

/** The directory's answer for /listings on this database, as the server sends it to the error boundary. */
async function failedDirectory(database: Database): Promise<{ status: number; html: string; data: Record<string, string> }> {
  let thrown: unknown;
  try {
    await loader(loaderArgs<Route.LoaderArgs>(database, "/listings"));
  } catch (error) {
    thrown = pageError(error);
  }
  const { data, init } = thrown as Thrown;
  const status = init?.status ?? 200;
  const error = new UNSAFE_ErrorResponseImpl(status, "", data);
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <ErrorBoundary error={error} params={{}} />
    </MemoryRouter>,
  );
  return { status, html, data };
}

describe("/listings when something fails", () => {
  it("shows spec 01 §8's data-source error when the database is out of reach", async () => {
    const { status, html } = await failedDirectory(unreachableDatabase());
    expect(status).toBe(503);
    expect(html).toContain("Error loading listings");
    expect(html).toContain("Could not load listings from the data source. Please check your connection and try again.");
    expect(html).not.toContain("ECONNREFUSED");
  });

  it("shows the site's error page with a request id, not the data-source text, for a fault of ours", async () => {
    const bug = () => Object.assign(new Error('syntax error at or near "SELEC" in SELECT * FROM listings'), { code: "42601" });
    const { status, html, data } = await failedDirectory(failingDatabase(bug));
    expect(status).toBe(500);
    expect(data.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(html).toContain("Something went wrong");
    expect(html).toContain(data.requestId);
    expect(html).not.toMatch(/data source|SELEC|listings FROM|42601/i);
  });
});
