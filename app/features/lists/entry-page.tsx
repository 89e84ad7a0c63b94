import { X } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { EventTime } from "~/components/ui/event-time.tsx";
import { FormField, inputClass } from "~/components/ui/form-field.tsx";
import { entryName } from "./list-board.tsx";
import type { ListColumn, ListEntry } from "./list-entries.server.ts";
import type { EntryNote, EntryTag } from "./list-entry-work.server.ts";
import type { HistoryLine } from "./list-history.ts";
import { HistoryLineText } from "./list-history-view.tsx";
import type { EntryPageResult } from "./entry-page.server.ts";
import { FormAnswer } from "./list-page.tsx";
import { MAX_NOTE_LENGTH, MAX_NOTES_PER_ENTRY, MAX_TAG_LENGTH, MAX_TAGS_PER_ENTRY } from "./list-rules.ts";

export interface EntryPageData {
  list: { id: string; name: string; teamName: string | null };
  entry: ListEntry;
  columns: ListColumn[];
  /** The newest notes (at most MAX_NOTES_PER_ENTRY), oldest of them first; noteCount: how many the entry has. */
  notes: EntryNote[];
  noteCount: number;
  tags: EntryTag[];
  history: { lines: HistoryLine[] };
  selfId: string;
  now: string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** One entry: its card as the viewer's plan shows it, its status, notes and tags (each with author and date), its history. */
export function EntryPage({ data, result }: { data: EntryPageData; result?: EntryPageResult }) {
  const busy = useNavigation().state !== "idle";
  const { entry, list } = data;
  const card = entry.card;
  const failed = (intent: string) => (result && !result.ok && result.intent === intent ? result : undefined);
  const note = failed("add-note");
  const tag = failed("add-tag");
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-8 sm:px-6">
      <Link to={`/lists/${list.id}`} className="text-sm text-accent hover:underline">
        ← {list.name}
      </Link>
      <Card className="p-5 sm:p-6">
        <h1 className="text-2xl font-semibold tracking-tight break-words">{entryName(entry)}</h1>
        {card?.locked ? (
          <p className="mt-2 text-sm text-fg-muted">
            <Badge variant="outline">Not open on your plan</Badge> A colleague added it; your plan shows only its teaser.
          </p>
        ) : null}
        {card?.tagline ? <p className="mt-2 text-fg-muted">{card.tagline}</p> : null}
        {card ? (
          <p className="mt-3 flex flex-wrap gap-1">
            {card.fundingStage ? <Badge>{card.fundingStage}</Badge> : null}
            {card.industry.map((industry) => (
              <Badge key={industry} variant="outline">
                {industry}
              </Badge>
            ))}
          </p>
        ) : null}
        {card ? (
          <p className="mt-3 text-sm">
            <Link to={`/profile/${card.type}/${card.slug}`} className="text-accent hover:underline">
              Open the profile
            </Link>
          </p>
        ) : null}
        <p className="mt-3 text-sm text-fg-muted">
          Added by {entry.addedBy?.name ?? "a former member"}, <EventTime at={iso(entry.addedAt)} now={data.now} />
        </p>
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <Form method="post" className="flex items-end gap-2">
            <input type="hidden" name="intent" value="move" />
            <label className="text-sm font-medium">
              Status
              <select name="columnId" defaultValue={entry.columnId} className={inputClass}>
                {data.columns.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" variant="secondary" disabled={busy}>
              Move
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="remove-entry" />
            <Button type="submit" variant="ghost" disabled={busy}>
              Remove from the list
            </Button>
          </Form>
        </div>
      </Card>
      <FormAnswer result={result && (result.ok || !["add-note", "add-tag"].includes(result.intent ?? "")) ? result : undefined} />
      <TagsCard data={data} failed={tag} busy={busy} />
      <NotesCard data={data} failed={note} busy={busy} />
      <section aria-labelledby="entry-history" className="grid gap-2">
        <h2 id="entry-history" className="font-semibold">
          History
        </h2>
        <ol className="divide-y divide-border rounded-xl border border-border text-sm">
          {data.history.lines.map((line) => (
            <li key={line.id} className="px-4 py-2.5">
              <HistoryLineText line={line} now={data.now} />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

type Failed = EntryPageResult | undefined;

/** The entry's tags (who added each), remove one, add one. */
function TagsCard({ data, failed: tag, busy }: { data: EntryPageData; failed: Failed; busy: boolean }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="font-semibold">Tags</h2>
      {data.tags.length ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Tags">
          {data.tags.map((t) => (
            <li key={t.tag} className="flex items-center gap-1 rounded-full border border-border py-0.5 pr-1 pl-3 text-sm">
              <span title={`Added by ${t.addedBy ?? "a former member"}`}>#{t.tag}</span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-tag" />
                <input type="hidden" name="tag" value={t.tag} />
                <Button type="submit" size="sm" variant="ghost" className="h-6 px-1" aria-label={`Remove the tag ${t.tag}`} disabled={busy}>
                  <X aria-hidden="true" />
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-fg-muted">No tags yet.</p>
      )}
      {data.tags.length ? (
        <p className="mt-2 text-xs text-fg-muted">{data.tags.map((t) => `#${t.tag} by ${t.addedBy ?? "a former member"}`).join(", ")}</p>
      ) : null}
      {data.tags.length < MAX_TAGS_PER_ENTRY ? (
        <Form key={data.tags.length} method="post" className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end" noValidate>
          <input type="hidden" name="intent" value="add-tag" />
          <FormField label="Add a tag" error={tag?.errors?.tag ?? tag?.message} hint={`Short words, up to ${MAX_TAG_LENGTH} characters.`}>
            {(props) => <input {...props} name="tag" maxLength={MAX_TAG_LENGTH * 4} defaultValue={tag?.values?.tag ?? ""} />}
          </FormField>
          <div>
            <Button type="submit" variant="secondary" disabled={busy}>
              Add tag
            </Button>
          </div>
        </Form>
      ) : (
        <p className="mt-3 text-sm text-fg-muted">This entry has {MAX_TAGS_PER_ENTRY} tags, the most it can have.</p>
      )}
    </Card>
  );
}

/** The entry's notes with author and date; the member deletes their own; add one, up to MAX_NOTES_PER_ENTRY. */
function NotesCard({ data, failed: note, busy }: { data: EntryPageData; failed: Failed; busy: boolean }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="font-semibold">Notes</h2>
      {data.noteCount > data.notes.length ? (
        <p className="mt-2 text-sm text-fg-muted">{`Showing the newest ${data.notes.length} of ${data.noteCount} notes.`}</p>
      ) : null}
      {data.notes.length ? (
        <ol className="mt-3 grid gap-3" aria-label="Notes">
          {data.notes.map((n) => (
            <li key={n.id} className="rounded-lg border border-border p-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                <span>
                  <span className="font-medium">{n.author.name}</span>,{" "}
                  <EventTime at={iso(n.createdAt)} now={data.now} className="text-fg-muted" />
                </span>
                {n.author.id === data.selfId ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete-note" />
                    <input type="hidden" name="noteId" value={n.id} />
                    <Button type="submit" size="sm" variant="ghost" disabled={busy}>
                      Delete<span className="sr-only"> your note</span>
                    </Button>
                  </Form>
                ) : null}
              </div>
              <p className="mt-1 text-sm break-words whitespace-pre-wrap">{n.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-sm text-fg-muted">No notes yet.</p>
      )}
      {data.noteCount >= MAX_NOTES_PER_ENTRY ? (
        <p className="mt-3 text-sm text-fg-muted">
          {`This entry has ${data.noteCount} notes, the most it can have. Delete one of yours to add another.`}
        </p>
      ) : null}
      {/* Keyed by the count, so the box empties once the note is in (with JavaScript the page stays mounted). */}
      <Form key={data.noteCount} method="post" className="mt-4 grid gap-3" noValidate>
        <input type="hidden" name="intent" value="add-note" />
        <FormField label="Add a note" error={note?.errors?.body ?? note?.message}>
          {(props) => <textarea {...props} name="body" rows={3} maxLength={MAX_NOTE_LENGTH * 2} defaultValue={note?.values?.body ?? ""} />}
        </FormField>
        <div>
          <Button type="submit" disabled={busy}>
            Add note
          </Button>
        </div>
      </Form>
    </Card>
  );
}
