/** GET /api/openapi.json, documented in itself. */
import { z } from "zod";
import { defineApiEndpoint } from "~/lib/api-schema.ts";

export const openApiDocumentApi = defineApiEndpoint({
  method: "get",
  path: "/api/openapi.json",
  route: "api/openapi.json",
  summary: "This document",
  description: "The OpenAPI 3.1 description of the JSON API. Public; a key sent here is not looked at and no call is counted.",
  tag: "Meta",
  auth: "none",
  responses: { 200: { description: "The OpenAPI 3.1 document.", schema: z.looseObject({ openapi: z.literal("3.1.0") }) } },
});
