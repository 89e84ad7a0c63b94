/**
 * Every documented endpoint of the JSON API: the OpenAPI document and /developers list these, in this order. A
 * feature adds its endpoints with one line (its `*-api-schema.ts` constant); tests/security/openapi.test.ts fails
 * when a JSON route of app/routes.ts is missing here.
 */
import { aiApiEndpoints } from "~/features/ai/ai-api-schema.ts";
import { referenceApi } from "~/features/catalog/reference-api-schema.ts";
import { listingsApi } from "~/features/directory/listings-api-schema.ts";
import { listingsExportApi } from "~/features/directory/listings-export-api-schema.ts";
import { followsApiEndpoints } from "~/features/follows/follows-api-schema.ts";
import { listsApiEndpoints } from "~/features/lists/lists-api-schema.ts";
import { matchesApiEndpoint } from "~/features/matches/matches-api-schema.ts";
import { listingApi } from "~/features/profiles/listing-api-schema.ts";
import { savedSearchesApiEndpoints } from "~/features/saved-searches/saved-searches-api-schema.ts";
import type { ApiEndpoint } from "~/lib/api-schema.ts";
import { openApiDocumentApi } from "./openapi-api-schema.ts";

export const API_ENDPOINTS: readonly ApiEndpoint[] = [
  listingsApi,
  listingsExportApi,
  listingApi,
  matchesApiEndpoint,
  referenceApi,
  ...savedSearchesApiEndpoints,
  ...followsApiEndpoints,
  ...listsApiEndpoints,
  ...aiApiEndpoints,
  openApiDocumentApi,
];
