import type { z } from "zod";
import { AppError } from "./errors.ts";

/**
 * The one way a route or a feature reads input it did not make (a body, a query, route params): the value through
 * its schema, or the pipeline's 400 (decision 0044) with the schema's first message, written for people, and the
 * path of the field it is about (`{ error, field }` for an API; the message on a page's error boundary). Forms that
 * show a message beside each field use parseForm (form-parse.ts) instead.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join(".") ?? "";
  throw new AppError("bad_request", issue?.message ?? "Invalid request.", field ? { details: { field } } : undefined);
}
