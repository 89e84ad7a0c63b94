/**
 * The saved-search JSON API's requests and answers (issue 18 §2): the schemas the handlers validate with, listed per
 * endpoint in SAVED_SEARCHES_API for the OpenAPI document.
 */
import { z } from "zod";
import { defineApiEndpoint, errorBodySchema, type ApiEndpoint } from "~/lib/api-schema.ts";
import { alertFrequency, ALERT_FREQUENCIES, MAX_QUERY_LENGTH, savedSearchName } from "./saved-search-rules.ts";

const CONTROL = /[\u0000-\u001f\u007f]/;

/** A directory state as URL parameters ("type=startup&industries=FinTech"), a leading "?" or a /listings?… path allowed. */
const directoryStateText = z
  .string({ error: "query must be the directory's URL parameters, e.g. type=startup&industries=FinTech." })
  .max(MAX_QUERY_LENGTH * 4, `query can be at most ${MAX_QUERY_LENGTH * 4} characters.`)
  .refine((value) => !CONTROL.test(value), "query cannot contain control characters (NUL, line breaks, tabs).")
  .transform((value) => (value.includes("?") ? value.slice(value.indexOf("?") + 1) : value));

/** The {id} of /api/saved-searches/{id}: another member's id answers 404, as an unknown one does. */
export const SavedSearchIdParams = z.object({
  id: z.uuid({ error: "The saved search id in the path must be a UUID." }).describe("The saved search's id, as `id` in the list."),
});

export const CreateSavedSearchRequest = z.strictObject({
  name: savedSearchName,
  query: directoryStateText,
  alertFrequency: alertFrequency.default("off"),
});

export const UpdateSavedSearchRequest = z
  .strictObject({ name: savedSearchName.optional(), alertFrequency: alertFrequency.optional() })
  .refine((body) => body.name !== undefined || body.alertFrequency !== undefined, "Send a name, an alertFrequency or both.");

export const SavedSearchSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Canonical URL parameters of the directory state. */
  query: z.string(),
  /** The directory page showing it. */
  url: z.string(),
  alertFrequency: z.enum(ALERT_FREQUENCIES),
  lastLookedAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});

const SavedSearchWithCounts = SavedSearchSchema.extend({
  /** Listings the member's tier may open that match now. */
  total: z.number().int(),
  /** Of them, those that did not match when the member last looked. */
  newSinceLastLook: z.number().int(),
});

export const NewListingSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  url: z.string(),
  type: z.enum(["startup", "investor", "partner"]),
  tagline: z.string().nullable(),
  fundingStage: z.string().nullable(),
  industries: z.array(z.string()),
});

const SavedSearchListResponse = z.object({ savedSearches: z.array(SavedSearchWithCounts), limit: z.number().int() });
const SavedSearchResponse = z.object({ savedSearch: SavedSearchSchema });
const NewSinceLastLookResponse = z.object({
  savedSearch: SavedSearchSchema,
  total: z.number().int(),
  newSinceLastLook: z.number().int(),
  /** The newest of the new listings (at most 50). */
  listings: z.array(NewListingSchema),
});
const DeletedResponse = z.object({ deleted: z.literal(true) });
/** Every refusal: `{ error }`, the API's one error body. */
const ErrorResponse = errorBodySchema;

/** Every endpoint with its schemas, for the OpenAPI document. Errors: 400 bad input, 401 signed out, 403 tier, 404, 409. */
export const SAVED_SEARCHES_API = {
  "GET /api/saved-searches": { response: SavedSearchListResponse },
  "POST /api/saved-searches": { request: CreateSavedSearchRequest, response: SavedSearchResponse, status: 201 },
  "GET /api/saved-searches/{id}": { response: SavedSearchResponse },
  "PATCH /api/saved-searches/{id}": { request: UpdateSavedSearchRequest, response: SavedSearchResponse },
  "DELETE /api/saved-searches/{id}": { response: DeletedResponse },
  "GET /api/saved-searches/{id}/new": { response: NewSinceLastLookResponse },
  "POST /api/saved-searches/{id}/new": { response: NewSinceLastLookResponse },
  errors: ErrorResponse,
} as const;

const refusals = {
  400: { description: "Bad input, with what to change.", schema: ErrorResponse },
  403: { description: "Your plan has no saved searches.", schema: ErrorResponse },
} as const;
const notYours = { description: "No saved search of yours with this id.", schema: ErrorResponse } as const;
const TAG = "Saved searches";

/** The saved-search endpoints as the OpenAPI document lists them (decision 0061); the handlers validate with these objects. */
export const savedSearchesApiEndpoints: readonly ApiEndpoint[] = [
  defineApiEndpoint({
    method: "get",
    path: "/api/saved-searches",
    route: "api/saved-searches",
    summary: "Your saved searches",
    description: "Each with the listings matching it now and how many of them are new since you last looked.",
    tag: TAG,
    auth: "required",
    responses: { 200: { description: "Your saved searches and your plan's limit.", schema: SavedSearchListResponse }, 403: refusals[403] },
  }),
  defineApiEndpoint({
    method: "post",
    path: "/api/saved-searches",
    route: "api/saved-searches",
    summary: "Save a directory search",
    description: "`query` is the directory's URL parameters (filters, search, sort). Saving the same state twice keeps one.",
    tag: TAG,
    auth: "required",
    body: CreateSavedSearchRequest,
    responses: {
      201: {
        description: "Saved.",
        schema: SavedSearchResponse,
        headers: {
          Location: { description: "The saved search's address: /api/saved-searches/{id}.", schema: { type: "string" }, required: true },
        },
      },
      ...refusals,
      400: {
        description: "Bad input, with what to change; or you keep as many saved searches as your plan allows.",
        schema: ErrorResponse,
      },
      409: { description: "You already saved this search (the message names it).", schema: ErrorResponse },
    },
  }),
  defineApiEndpoint({
    method: "get",
    path: "/api/saved-searches/{id}",
    route: "api/saved-searches/:id",
    summary: "One saved search",
    tag: TAG,
    auth: "required",
    pathParams: SavedSearchIdParams,
    responses: { 200: { description: "The saved search.", schema: SavedSearchResponse }, ...refusals, 404: notYours },
  }),
  defineApiEndpoint({
    method: "patch",
    path: "/api/saved-searches/{id}",
    route: "api/saved-searches/:id",
    summary: "Rename a saved search or change its alerts",
    tag: TAG,
    auth: "required",
    pathParams: SavedSearchIdParams,
    body: UpdateSavedSearchRequest,
    responses: { 200: { description: "The saved search as it is now.", schema: SavedSearchResponse }, ...refusals, 404: notYours },
  }),
  defineApiEndpoint({
    method: "delete",
    path: "/api/saved-searches/{id}",
    route: "api/saved-searches/:id",
    summary: "Delete a saved search",
    tag: TAG,
    auth: "required",
    pathParams: SavedSearchIdParams,
    responses: { 200: { description: "Deleted.", schema: DeletedResponse }, ...refusals, 404: notYours },
  }),
  defineApiEndpoint({
    method: "get",
    path: "/api/saved-searches/{id}/new",
    route: "api/saved-searches/:id/new",
    summary: "What is new since you last looked",
    description: "Listings that match now and did not when you last looked: new ones and ones newly matching. Changes nothing.",
    tag: TAG,
    auth: "required",
    pathParams: SavedSearchIdParams,
    responses: {
      200: { description: "The counts and the newest of the new listings.", schema: NewSinceLastLookResponse },
      ...refusals,
      404: notYours,
    },
  }),
  defineApiEndpoint({
    method: "post",
    path: "/api/saved-searches/{id}/new",
    route: "api/saved-searches/:id/new",
    summary: "What is new since you last looked, and mark it seen",
    description: 'The same answer as GET, and now becomes "last looked", as opening the saved search in the browser does.',
    tag: TAG,
    auth: "required",
    pathParams: SavedSearchIdParams,
    responses: {
      200: { description: "The counts and the newest of the new listings.", schema: NewSinceLastLookResponse },
      ...refusals,
      404: notYours,
    },
  }),
];
