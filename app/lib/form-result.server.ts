import { data } from "react-router";
import { AppError, STATUS_BY_CODE, type ErrorCode } from "./errors.ts";
import type { FieldValues, FormResult } from "./form-parse.ts";

/**
 * The server half of the form pipeline (decision 0045): a page action or a form's JSON endpoint answers with a
 * FormResult, and a refusal carries the status of its error code from the one table (STATUS_BY_CODE), so no
 * route writes a status number (decision 0108). pageAnswer is the same for a page that shows a refusal itself.
 */

const NO_STORE = { "Cache-Control": "no-store" } as const;

/** A refused submission for a page action: the page renders again with the messages and the values as typed. */
export function formRefused<F extends string, D = undefined, V = FieldValues<F>>(code: ErrorCode, result: Omit<FormResult<F, D, V>, "ok">) {
  return data<FormResult<F, D, V>>({ ok: false, ...result }, { status: STATUS_BY_CODE[code] });
}

/**
 * A page's data with the status of an error code (none: 200), for a page that draws the refusal itself instead of its
 * error boundary: a link that no longer works, the not-found page, a search the page answers beside its box.
 */
export function pageAnswer<T>(value: T, code: ErrorCode | null) {
  return data(value, { status: code ? STATUS_BY_CODE[code] : 200 });
}

/** A passed submission, in the same wrapper as a refusal (status 200), so every answer is read one way. */
export function formDone<F extends string, D = undefined, V = FieldValues<F>>(result: Omit<FormResult<F, D, V>, "ok"> = {}) {
  return data<FormResult<F, D, V>>({ ok: true, ...result });
}

/**
 * A thrown client error (an AppError below 500: a conflict, a vanished item, a full cohort) as the form's message,
 * keeping what was typed; anything else is thrown on, to the error pipeline.
 */
export function formRefusedBy<F extends string, D = undefined, V = FieldValues<F>>(
  error: unknown,
  result: Omit<FormResult<F, D, V>, "ok" | "message"> = {},
) {
  if (error instanceof AppError && STATUS_BY_CODE[error.code] < 500)
    return formRefused<F, D, V>(error.code, { ...result, message: error.message });
  throw error;
}

/** A form's JSON endpoint answer: the FormResult, with `error` repeating a refusal's message (the API's convention). */
export function formJson<F extends string, D = undefined>(
  result: FormResult<F, D>,
  outcome: { code: ErrorCode } | { created: true } | null = null,
): Response {
  const status = outcome === null ? 200 : "created" in outcome ? CREATED : STATUS_BY_CODE[outcome.code];
  const body = result.ok ? result : { ...result, error: result.message };
  return Response.json(body, { status, headers: NO_STORE });
}

/** A JSON endpoint's refusal from a thrown value: a client AppError keeps its code; anything else is thrown on. */
export function formJsonRefusedBy<F extends string>(error: unknown, result: Omit<FormResult<F>, "ok" | "message"> = {}): Response {
  if (error instanceof AppError && STATUS_BY_CODE[error.code] < 500)
    return formJson({ ok: false, ...result, message: error.message }, { code: error.code });
  throw error;
}

/** 201: a submission that made something (an introduction request, an account). Not an error, so not in the table. */
const CREATED = 201;
