/**
 * The follows JSON API's request and answer shapes (issue 18 §3), one zod schema each, exported for the OpenAPI
 * document (decision 0061). The handlers validate with these and answer with these shapes.
 */
import { z } from "zod";
import { defineApiEndpoint, errorBodySchema, type ApiEndpoint } from "~/lib/api-schema.ts";
import { LISTING_TYPES } from "../catalog/listing-types.ts";

/** POST /api/follows */
export const FollowRequest = z.object({ listingId: z.uuid({ error: "listingId must be the id of a listing (a UUID)." }) });

/** GET and DELETE /api/follows/{listingId}: the path parameter. */
export const ListingIdParams = z.object({
  listingId: z
    .uuid({ error: "The listing id in the path must be a UUID." })
    .describe("The listing's id (a UUID), as in the list of follows."),
});

/** The answer to a follow or unfollow: the state now, and whether this call changed it. */
export const FollowResponse = z.object({
  listingId: z.uuid(),
  following: z.boolean(),
  changed: z.boolean(),
  count: z.number().int().nonnegative(),
  cap: z.number().int().positive(),
});

const FollowedListing = z.object({
  listingId: z.uuid(),
  type: z.enum(LISTING_TYPES),
  slug: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  tagline: z.string().nullable(),
  url: z.string(),
  locked: z.boolean(),
  inDirectory: z.boolean(),
  followedAt: z.iso.datetime(),
});

/** GET /api/follows/{listingId}: whether the member follows it, with their count and cap. */
export const FollowStateResponse = FollowResponse.omit({ changed: true });

/** GET /api/follows */
export const FollowListResponse = z.object({
  data: z.array(FollowedListing),
  count: z.number().int().nonnegative(),
  cap: z.number().int().positive(),
});

/** Every refusal: 400 (bad input), 401 (signed out), 403 (a listing above the tier), 404, 409 (at the cap). */
const FollowError = errorBodySchema;

/** Every endpoint of the follows API with its schemas, for the OpenAPI registry. */
export const FOLLOWS_API = {
  "GET /api/follows": { response: FollowListResponse, error: FollowError },
  "POST /api/follows": { request: FollowRequest, response: FollowResponse, error: FollowError },
  "GET /api/follows/{listingId}": { params: ListingIdParams, response: FollowStateResponse, error: FollowError },
  "DELETE /api/follows/{listingId}": { params: ListingIdParams, response: FollowResponse, error: FollowError },
} as const;

/** The follows endpoints as the OpenAPI document lists them (decision 0061); the handlers validate with these objects. */
export const followsApiEndpoints: readonly ApiEndpoint[] = [
  defineApiEndpoint({
    method: "get",
    path: "/api/follows",
    route: "api/follows",
    summary: "The listings you follow",
    tag: "Follows",
    auth: "required",
    responses: { 200: { description: "Your follows, newest first, with your count and your plan's cap.", schema: FollowListResponse } },
  }),
  defineApiEndpoint({
    method: "post",
    path: "/api/follows",
    route: "api/follows",
    summary: "Follow a listing",
    description: "Following a listing twice changes nothing (200, `changed: false`). What changes on it goes into your digest.",
    tag: "Follows",
    auth: "required",
    body: FollowRequest,
    responses: {
      200: { description: "Already followed.", schema: FollowResponse },
      201: { description: "Now followed.", schema: FollowResponse },
      400: { description: "Not a listing id.", schema: FollowError },
      403: { description: "A listing your plan does not open.", schema: FollowError },
      404: { description: "No such listing.", schema: FollowError },
      409: { description: "You follow as many listings as your plan allows.", schema: FollowError },
    },
  }),
  defineApiEndpoint({
    method: "get",
    path: "/api/follows/{listingId}",
    route: "api/follows/:listingId",
    summary: "Whether you follow a listing",
    tag: "Follows",
    auth: "required",
    pathParams: ListingIdParams,
    responses: {
      200: { description: "Your state for this listing.", schema: FollowStateResponse },
      400: { description: "Not a listing id.", schema: FollowError },
    },
  }),
  defineApiEndpoint({
    method: "delete",
    path: "/api/follows/{listingId}",
    route: "api/follows/:listingId",
    summary: "Unfollow a listing",
    tag: "Follows",
    auth: "required",
    pathParams: ListingIdParams,
    responses: {
      200: { description: "No longer followed (`changed: false` when it was not).", schema: FollowResponse },
      400: { description: "Not a listing id.", schema: FollowError },
      404: { description: "No such listing.", schema: FollowError },
    },
  }),
];
