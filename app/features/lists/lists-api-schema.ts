/**
 * The lists JSON API's requests and answers (issue 37, decision 0121): the schemas the handlers validate with, listed
 * per endpoint in listsApiEndpoints for the OpenAPI document.
 */
import { z } from "zod";
import { atMostCharacters, defineApiEndpoint, errorBodySchema, type ApiEndpoint } from "~/lib/api-schema.ts";
import { MAX_LIST_ENTRIES, MAX_LIST_NAME, MAX_NOTE_LENGTH, MAX_NOTES_PER_ENTRY, MAX_TAG_LENGTH, MAX_TAGS_PER_ENTRY } from "./list-rules.ts";

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** One line with something in it: no control characters (tabs and line breaks included), not only spaces. */
const ONE_LINE = /^[^\u0000-\u001f\u007f]*[^\s\u0000-\u001f\u007f][^\u0000-\u001f\u007f]*$/;

// The pattern is checked before trimming, as the document's JSON Schema checks the value as sent.
const oneLine = (field: string, max: number) =>
  atMostCharacters(
    z
      .string({ error: `${field} must be text.` })
      .regex(ONE_LINE, `${field} must be one line of text, not empty and without control characters.`)
      .trim(),
    max,
    `${field} can be at most ${max} characters.`,
  );

// The pages' limits (list-rules.ts); the writes check them again with the pages' own rules (decision 0121).
const listName = oneLine("name", MAX_LIST_NAME);
const tagText = oneLine("tag", MAX_TAG_LENGTH);

export const ListIdParams = z.object({
  id: z.uuid({ error: "The list id in the path must be a UUID." }).describe("The list's id, as `id` in GET /api/lists."),
});
export const EntryParams = ListIdParams.extend({
  entryId: z.uuid({ error: "The entry id in the path must be a UUID." }).describe("The entry's id, as `id` in the list's entries."),
});
export const TagParams = EntryParams.extend({ tag: tagText.describe("The tag, as it is on the entry.") });

export const CreateListRequest = z.strictObject({
  name: listName,
  teamId: z
    .uuid({ error: "teamId must be the id of one of your teams (or null for a private list)." })
    .nullable()
    .optional()
    .describe("The team whose members share the list; absent or null: a private list. A team's API key always makes its team's."),
});
export const UpdateListRequest = z.strictObject({ name: listName });
export const AddEntriesRequest = z.strictObject({
  listingIds: z
    .array(z.uuid({ error: "listingIds must be listing ids (UUIDs)." }), { error: "listingIds must be an array of listing ids." })
    .min(1, "listingIds: send at least one listing id.")
    .max(100, "listingIds: at most 100 listings at a time."),
  column: oneLine("column", 60).optional().describe("The column (its id or its name) to add them to; the first column when absent."),
});
export const MoveEntryRequest = z.strictObject({
  column: oneLine("column", 60).describe("The column (its id or its name, any letter case) to move the entry to."),
  position: z
    .number()
    .int()
    .min(0)
    .max(100_000)
    .optional()
    .describe("Its place in the column (0 first); the end when absent, or where it is if it is in that column already."),
});
export const NoteRequest = z.strictObject({
  body: atMostCharacters(
    z.string({ error: "body must be text." }).trim(),
    MAX_NOTE_LENGTH,
    `body can be at most ${MAX_NOTE_LENGTH} characters.`,
  )
    .refine((value) => value.length > 0, "body cannot be empty.")
    .refine((value) => !CONTROL.test(value), "body cannot contain control characters."),
});
export const TagRequest = z.strictObject({ tag: tagText });

const ColumnSchema = z.object({ id: z.uuid(), name: z.string(), position: z.number().int() });
export const ListSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Null: the caller's private list. */
  team: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  entries: z.number().int(),
  updatedAt: z.iso.datetime(),
  columns: z.array(ColumnSchema).optional(),
});

const cardBase = {
  id: z.uuid(),
  name: z.string(),
  type: z.enum(["startup", "investor", "partner"]),
  url: z.string(),
  tagline: z.string().nullable(),
  fundingStage: z.string().nullable(),
  industries: z.array(z.string()),
  access: z.enum(["public", "subscriber", "premium"]),
};
/** The listing as the caller's card shows it: above their plan, only the locked teaser's values. */
const EntryListing = z.union([
  z.object({ locked: z.literal(true), ...cardBase }),
  z.object({ locked: z.literal(false), ...cardBase, countries: z.array(z.string()), businessModel: z.string().nullable() }),
]);

export const ListEntrySchema = z.object({
  id: z.uuid(),
  column: z.object({ id: z.uuid(), name: z.string() }),
  position: z.number().int(),
  listingId: z.uuid(),
  /** Null: the listing is no longer published. */
  listing: EntryListing.nullable(),
  addedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  addedAt: z.iso.datetime(),
  movedAt: z.iso.datetime(),
  tags: z.array(z.string()),
  notes: z.number().int(),
});

const ListsResponse = z.object({ lists: z.array(ListSchema) });
const ListResponse = z.object({ list: ListSchema, entries: z.array(ListEntrySchema) });
const EntriesResponse = z.object({ columns: z.array(ColumnSchema), entries: z.array(ListEntrySchema) });
const AddEntriesResponse = EntriesResponse.extend({
  added: z.array(z.uuid()),
  skipped: z.array(z.object({ listingId: z.uuid(), reason: z.enum(["locked", "unknown", "already_on_list"]) })),
});
const EntryResponse = z.object({ entry: ListEntrySchema });
const NoteResponse = z.object({
  note: z.object({ id: z.uuid(), body: z.string(), author: z.object({ id: z.string(), name: z.string() }), createdAt: z.iso.datetime() }),
});
const TagsResponse = z.object({ tags: z.array(z.string()) });
const DeletedResponse = z.object({ deleted: z.literal(true) });
const ErrorResponse = errorBodySchema;

const TAG = "Lists";
const bad = { description: "Bad input, with what to change.", schema: ErrorResponse } as const;
const notYours = { description: "No list (or entry) of yours with this id, in the key's scope.", schema: ErrorResponse } as const;
const teamKeyGone = {
  description: "A team's API key whose member is no longer in the team; or a change only the list's maker or the team's admins may make.",
  schema: ErrorResponse,
} as const;
const scope =
  "A session or a member's API key reaches your private lists and your teams' lists; a team's API key only that team's lists, while you are in it.";

const endpoint = (e: Omit<ApiEndpoint, "tag" | "auth">) => defineApiEndpoint({ ...e, tag: TAG, auth: "required" as const });

/** The list endpoints as the OpenAPI document lists them; the handlers validate with these objects. */
export const listsApiEndpoints: readonly ApiEndpoint[] = [
  endpoint({
    method: "get",
    path: "/api/lists",
    route: "api/lists",
    summary: "Your lists",
    description: scope,
    responses: { 200: { description: "The lists in scope, your own first.", schema: ListsResponse }, 403: teamKeyGone },
  }),
  endpoint({
    method: "post",
    path: "/api/lists",
    route: "api/lists",
    summary: "Make a list",
    description: "Private, or shared with one of your teams (`teamId`). It starts with the columns Sourced, Contacted, Meeting, Passed.",
    body: CreateListRequest,
    responses: {
      201: {
        description: "Made.",
        schema: ListResponse,
        headers: { Location: { description: "The list's address: /api/lists/{id}.", schema: { type: "string" }, required: true } },
      },
      400: bad,
      403: teamKeyGone,
      404: { description: "You are not in the team named by teamId.", schema: ErrorResponse },
    },
  }),
  endpoint({
    method: "get",
    path: "/api/lists/{id}",
    route: "api/lists/:id",
    summary: "One list with its columns and entries",
    description: "Each entry's listing is what your own card shows: a listing above your plan is its locked teaser.",
    pathParams: ListIdParams,
    responses: { 200: { description: "The list.", schema: ListResponse }, 400: bad, 403: teamKeyGone, 404: notYours },
  }),
  endpoint({
    method: "patch",
    path: "/api/lists/{id}",
    route: "api/lists/:id",
    summary: "Rename a list",
    pathParams: ListIdParams,
    body: UpdateListRequest,
    responses: { 200: { description: "The list as it is now.", schema: ListResponse }, 400: bad, 403: teamKeyGone, 404: notYours },
  }),
  endpoint({
    method: "delete",
    path: "/api/lists/{id}",
    route: "api/lists/:id",
    summary: "Delete a list",
    description: "A team's list: its maker, or the team's owner or an admin.",
    pathParams: ListIdParams,
    responses: { 200: { description: "Deleted.", schema: DeletedResponse }, 400: bad, 403: teamKeyGone, 404: notYours },
  }),
  endpoint({
    method: "get",
    path: "/api/lists/{id}/entries",
    route: "api/lists/:id/entries",
    summary: "A list's entries",
    pathParams: ListIdParams,
    responses: {
      200: { description: "Columns and entries in board order.", schema: EntriesResponse },
      400: bad,
      403: teamKeyGone,
      404: notYours,
    },
  }),
  endpoint({
    method: "post",
    path: "/api/lists/{id}/entries",
    route: "api/lists/:id/entries",
    summary: "Add listings to a list",
    description: "Listings your plan opens are added once each; locked, unknown and already listed ones come back in `skipped`.",
    pathParams: ListIdParams,
    body: AddEntriesRequest,
    responses: {
      200: { description: "What was added and the list's entries now.", schema: AddEntriesResponse },
      400: bad,
      403: teamKeyGone,
      404: notYours,
      409: {
        description: `The list has no room for them (a list holds at most ${MAX_LIST_ENTRIES.toLocaleString("en-US")} listings).`,
        schema: ErrorResponse,
      },
    },
  }),
  endpoint({
    method: "patch",
    path: "/api/lists/{id}/entries/{entryId}",
    route: "api/lists/:id/entries/:entryId",
    summary: "Move an entry to a column",
    pathParams: EntryParams,
    body: MoveEntryRequest,
    responses: { 200: { description: "The entry where it is now.", schema: EntryResponse }, 400: bad, 403: teamKeyGone, 404: notYours },
  }),
  endpoint({
    method: "delete",
    path: "/api/lists/{id}/entries/{entryId}",
    route: "api/lists/:id/entries/:entryId",
    summary: "Remove an entry from a list",
    pathParams: EntryParams,
    responses: { 200: { description: "Removed.", schema: DeletedResponse }, 400: bad, 403: teamKeyGone, 404: notYours },
  }),
  endpoint({
    method: "post",
    path: "/api/lists/{id}/entries/{entryId}/notes",
    route: "api/lists/:id/entries/:entryId/notes",
    summary: "Write a note on an entry",
    description: `Notes carry their author and date; every member of the list's team reads them. An entry has at most ${MAX_NOTES_PER_ENTRY} notes.`,
    pathParams: EntryParams,
    body: NoteRequest,
    responses: {
      201: { description: "The note.", schema: NoteResponse },
      400: bad,
      403: teamKeyGone,
      404: notYours,
      409: { description: `The entry has ${MAX_NOTES_PER_ENTRY} notes already.`, schema: ErrorResponse },
    },
  }),
  endpoint({
    method: "post",
    path: "/api/lists/{id}/entries/{entryId}/tags",
    route: "api/lists/:id/entries/:entryId/tags",
    summary: "Tag an entry",
    description: `Tags are kept lowercased with runs of spaces made one; letters, digits, spaces and - _ . & +. Tagging with a tag the entry has changes nothing; an entry has at most ${MAX_TAGS_PER_ENTRY} tags.`,
    pathParams: EntryParams,
    body: TagRequest,
    responses: {
      200: { description: "The entry's tags now.", schema: TagsResponse },
      400: bad,
      403: teamKeyGone,
      404: notYours,
      409: { description: `The entry has ${MAX_TAGS_PER_ENTRY} tags already.`, schema: ErrorResponse },
    },
  }),
  endpoint({
    method: "delete",
    path: "/api/lists/{id}/entries/{entryId}/tags/{tag}",
    route: "api/lists/:id/entries/:entryId/tags/:tag",
    summary: "Take a tag off an entry",
    pathParams: TagParams,
    responses: { 200: { description: "The entry's tags now.", schema: TagsResponse }, 400: bad, 403: teamKeyGone, 404: notYours },
  }),
];
