/**
 * What the directory page sends beside its HTML (issue 33, cheaper pages): the route data a hydrated page reads holds
 * what the page renders and no more. The filter panel's options already carry each option's count, so the facet
 * counts are not sent a second time: only the two the panel reads from them (entity types, featured).
 */
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppOverHttp, type AppOverHttp } from "../../tests/support/app-over-http.ts";

let app: AppOverHttp;

beforeAll(async () => {
  app = await startAppOverHttp();
});

afterAll(async () => {
  await app?.close();
});

interface DirectoryData {
  result: { facets: Record<string, unknown>; data: unknown[] };
  options: { industries: Array<{ value: string; count: number }>; geographies: Array<{ value: string; count: number }> };
}

async function routeData(path: string): Promise<DirectoryData> {
  const response = await fetch(`${app.base}${path}`);
  expect(response.status).toBe(200);
  const decoded = await decodeViaTurboStream(response.body!, globalThis);
  await decoded.done;
  const routes = decoded.value as Record<string, { data: DirectoryData }>;
  return routes.directory!.data;
}

describe("the directory's route data", () => {
  it("sends the panel's options with their counts, and of the facet counts only the entity types and featured", async () => {
    const data = await routeData("/listings.data?type=startup");
    expect(data.result.data.length).toBeGreaterThan(0);
    expect(Object.keys(data.result.facets).sort()).toEqual(["entityType", "featured"]);
    expect(data.result.facets.entityType).toEqual(expect.objectContaining({ startup: expect.any(Number) }));
    expect(data.options.geographies.some((o) => o.count > 0)).toBe(true);
  });
});
