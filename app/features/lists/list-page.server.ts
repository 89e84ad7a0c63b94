/**
 * What /lists/:listId shows and does (issue 37, decision 0120), behind the route's guard (requireList): the board,
 * the table (sorted and filtered from the URL), the history, the list's settings; and every form the page posts.
 * Entries are read through readListEntries, so every value is the viewer's card's.
 */
import { z } from "zod";
import { viewerFor } from "~/features/access/viewer.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { parseForm, refused, type FormResult } from "~/lib/form-parse.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { teamMembership } from "../teams/team-membership.server.ts";
import type { ListSummary } from "./list-access.server.ts";
import { listColumnsOf, readListEntries } from "./list-entries.server.ts";
import { moveEntry, removeEntry } from "./list-entry-work.server.ts";
import { readListHistory } from "./list-history.server.ts";
import { addColumn, deleteList, moveColumn, removeColumn, renameColumn, renameList } from "./list-keeping.server.ts";
import { ColumnNameForm, ListNameForm, mayDeleteList } from "./list-rules.ts";
import { applyTableQuery, parseTableQuery } from "./list-table.ts";

const LIST_VIEWS = ["board", "table", "history", "settings"] as const;
export type ListView = (typeof LIST_VIEWS)[number];

export async function loadListPage(database: Database, user: SessionUser, list: ListSummary, url: URL, now: Date) {
  const param = url.searchParams.get("view");
  const view: ListView = (LIST_VIEWS as readonly string[]).includes(param ?? "") ? (param as ListView) : "board";
  const role = list.teamId ? ((await teamMembership(database, user.id, list.teamId))?.role ?? null) : null;
  const header = { ...list, mayDelete: mayDeleteList(list, user.id, role) };
  const columns = await listColumnsOf(database, list.id);
  const base = { list: header, view, columns, now: now.toISOString() };
  if (view === "history") {
    const page = Number(url.searchParams.get("page")) || 1;
    return { ...base, entries: [], table: null, history: await readListHistory(database, list.id, viewerFor(user), { page }) };
  }
  const entries = await readListEntries(database, list.id, viewerFor(user));
  if (view !== "table") return { ...base, entries: view === "board" ? entries : [], table: null, history: null };
  const query = parseTableQuery(url.searchParams);
  const people = new Map(entries.flatMap((e) => (e.addedBy ? [[e.addedBy.id, e.addedBy.name] as const] : [])));
  const table = {
    query,
    tags: [...new Set(entries.flatMap((e) => e.tags))].sort(),
    addedBy: [...people].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
    total: entries.length,
  };
  return { ...base, entries: applyTableQuery(entries, columns, query), table, history: null };
}

const Ids = z.object({ entryId: z.string().max(100), columnId: z.string().max(100) });

export type ListPageResult = FormResult<string>;

/**
 * One of the page's forms: move or remove an entry, rename or delete the list, add, rename, reorder or remove a
 * column. Returns the form's answer, or `{ deleted: true }` when the list is gone (the route goes back to /lists).
 */
export async function listPageAction(
  database: Database,
  user: SessionUser,
  list: ListSummary,
  form: Record<string, unknown>,
  now: Date,
): Promise<{ deleted: true } | { result: ListPageResult; code?: "bad_request" }> {
  const intent = String(form.intent ?? "");
  const ids = Ids.safeParse({ entryId: form.entryId ?? "", columnId: form.columnId ?? "" });
  const { entryId, columnId } = ids.success ? ids.data : { entryId: "", columnId: "" };
  const done = (message: string) => ({ result: { ok: true, intent, target: entryId || columnId, message } });
  switch (intent) {
    case "move": {
      const { moved, column } = await moveEntry(database, list.id, user.id, { entryId, columnId }, now);
      return done(moved ? `Moved to ${column}.` : `Already in ${column}.`);
    }
    case "remove-entry":
      await removeEntry(database, list.id, user.id, entryId, now);
      return done("Removed from the list.");
    case "rename-list": {
      const parsed = parseForm(ListNameForm, form);
      if (!parsed.ok) return { result: refused(parsed, { intent }), code: "bad_request" };
      const { name, renamed } = await renameList(database, list, user.id, parsed.data.name, now);
      return done(renamed ? "Renamed." : `The list is already called ${name}.`);
    }
    case "delete-list":
      await deleteList(database, list, user.id);
      return { deleted: true };
    case "add-column":
    case "rename-column": {
      const parsed = parseForm(ColumnNameForm, form);
      if (!parsed.ok) return { result: refused(parsed, { intent, target: columnId }), code: "bad_request" };
      const name = parsed.data.column;
      if (intent === "add-column") {
        await addColumn(database, list.id, user.id, name, now);
        return done(`Added the column ${name}.`);
      }
      const renamed = await renameColumn(database, list.id, user.id, { columnId, name }, now);
      return done(renamed ? `Column renamed to ${name}.` : `The column is already called ${name}.`);
    }
    case "column-up":
    case "column-down": {
      const up = intent === "column-up";
      const { moved, column } = await moveColumn(database, list.id, user.id, { columnId, direction: up ? "up" : "down" }, now);
      // At an end nothing moves (the buttons there are disabled; a stale tab or a form sent twice still gets here).
      if (!moved) return done(`${column} is already the ${up ? "first" : "last"} column.`);
      return done(`Moved ${column} ${up ? "left" : "right"}.`);
    }
    case "remove-column":
      await removeColumn(database, list.id, user.id, columnId, now);
      return done("Column removed.");
    default:
      throw new AppError("bad_request", "Unknown action.");
  }
}
