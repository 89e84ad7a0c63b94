import { getApiDocument } from "~/features/api-docs/api-document.server.ts";

/** GET /api/openapi.json: the OpenAPI 3.1 document of the JSON API, made from the handlers' own schemas. */
export function loader() {
  return Response.json(getApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}
