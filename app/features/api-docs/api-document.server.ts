import { getEnv, publicUrl } from "~/lib/env.server.ts";
import { API_ENDPOINTS } from "./api-endpoints.ts";
import { openApiDocument } from "./openapi-document.ts";

let made: ReturnType<typeof openApiDocument> | undefined;

/** The document for this server: made once, as the schemas and settings it is made from do not change while it runs. */
export function getApiDocument(): ReturnType<typeof openApiDocument> {
  const env = getEnv();
  made ??= openApiDocument(API_ENDPOINTS, { serverUrl: publicUrl(env), callsPerMinute: env.API_CALLS_PER_MINUTE });
  return made;
}
