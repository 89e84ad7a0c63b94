/**
 * Every documented endpoint of the JSON API: the OpenAPI document and /developers list these, in this order. A
 * feature adds its endpoints with one line (its `*-api-schema.ts` constant); tests/security/openapi.test.ts fails
 * when a JSON route of app/routes.ts is missing here.
 */
import { referenceApi } from "~/features/catalog/reference-api-schema.ts";
import { listingsApi } from "~/features/directory/listings-api-schema.ts";
import { listingApi } from "~/features/profiles/listing-api-schema.ts";
import type { ApiEndpoint } from "~/lib/api-schema.ts";
import { openApiDocumentApi } from "./openapi-api-schema.ts";

export const API_ENDPOINTS: readonly ApiEndpoint[] = [listingsApi, listingApi, referenceApi, openApiDocumentApi];
