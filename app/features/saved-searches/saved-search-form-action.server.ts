/**
 * The saved-search forms' one action (route /saved-searches): create from the directory, rename, set alerts and
 * delete from /settings. Plain HTML posts that work without JavaScript: a success goes back where the form was, a
 * refusal answers with the message beside its field.
 */
import { AppError, STATUS_BY_CODE, type ErrorCode } from "~/lib/errors.ts";
import type { Database } from "~/lib/db.server.ts";
import { FIX_FIELDS, parseForm, type FormResult } from "~/lib/form-parse.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { savedSearchForms, SAVED_SEARCH_INTENTS, type SavedSearchField, type SavedSearchIntent } from "./saved-search-forms.ts";
import { directoryQueryToParams } from "../directory/directory-filters.ts";
import { canonicalQuery } from "./saved-search-rules.ts";
import { requireMember } from "./saved-searches-api.server.ts";
import { createSavedSearch, deleteSavedSearch, renameSavedSearch, setAlertFrequency } from "./saved-searches.server.ts";
import { shareSavedSearch } from "./team-saved-searches.server.ts";

export type SavedSearchFormResult = FormResult<SavedSearchField>;

export type FormOutcome = { ok: true; redirectTo: string } | { ok: false; code: ErrorCode; result: SavedSearchFormResult };

function refusedBy(error: unknown, intent: string, target: string | undefined, values: Record<string, string>): FormOutcome {
  if (!(error instanceof AppError) || STATUS_BY_CODE[error.code] >= 500) throw error;
  // A refusal about one field is shown beside it; anything else (the plan, the cap, a duplicate) above the form.
  const field = (error.details as { field?: SavedSearchField } | undefined)?.field;
  return {
    ok: false,
    code: error.code,
    result: { ok: false, intent, target, message: error.message, ...(field ? { errors: { [field]: error.message } } : {}), values },
  };
}

export async function savedSearchFormAction(database: Database, user: SessionUser | null, form: FormData): Promise<FormOutcome> {
  const member = requireMember(user);
  const input = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const intent = input.intent as SavedSearchIntent;
  if (!SAVED_SEARCH_INTENTS.includes(intent)) {
    return {
      ok: false,
      code: "bad_request",
      result: { ok: false, message: "Unknown form: send intent create, rename, frequency, delete or share." },
    };
  }
  const parsed = parseForm(savedSearchForms[intent], input);
  const target = input.id;
  if (!parsed.ok)
    return {
      ok: false,
      code: "bad_request",
      result: { ok: false, intent, target, message: FIX_FIELDS, errors: parsed.errors, values: parsed.values },
    };
  const data = parsed.data as Record<string, string>;
  try {
    switch (intent) {
      case "create": {
        const row = await createSavedSearch(database, member, {
          name: data.name!,
          query: data.query!,
          alertFrequency: data.alertFrequency as "off" | "daily" | "weekly",
        });
        const state = canonicalQuery(row.query);
        const params = state.ok ? directoryQueryToParams(state.query).toString() : "";
        return { ok: true, redirectTo: `/listings${params ? `?${params}` : ""}` };
      }
      case "rename":
        await renameSavedSearch(database, member, data.id!, data.name!);
        break;
      case "frequency":
        await setAlertFrequency(database, member, data.id!, data.alertFrequency as "off" | "daily" | "weekly");
        break;
      case "delete":
        await deleteSavedSearch(database, member, data.id!);
        break;
      case "share":
        await shareSavedSearch(database, member, data.id!, data.teamId || null);
        break;
    }
    return { ok: true, redirectTo: "/settings#saved-searches" };
  } catch (error) {
    return refusedBy(error, intent, target, parsed.ok ? (input as Record<string, string>) : {});
  }
}
