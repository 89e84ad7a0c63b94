import { ArrowLeft, ArrowRight, MessageSquare } from "lucide-react";
import { useState, type DragEvent } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { cn } from "~/lib/cn.ts";
import type { ListColumn, ListEntry } from "./list-entries.server.ts";

const ENTRY_TYPE = "application/x-introbase-entry";

/**
 * The board: one column per status, the entries as their gated cards. Moving works three ways that post the same
 * form: the small "Move to" form on each card (works without JavaScript), the arrow buttons (also plain forms), and,
 * with JavaScript, dragging a card onto another column.
 */
export function ListBoard({ listId, columns, entries }: { listId: string; columns: ListColumn[]; entries: ListEntry[] }) {
  const fetcher = useFetcher();
  const [over, setOver] = useState<string | null>(null);
  // While a drop is on its way the card is drawn in its new column at once.
  const pending = fetcher.formData?.get("intent") === "move" ? fetcher.formData : null;
  const columnOf = (entry: ListEntry) => (pending?.get("entryId") === entry.id ? String(pending.get("columnId")) : entry.columnId);
  const drop = (columnId: string) => (event: DragEvent) => {
    event.preventDefault();
    setOver(null);
    const entryId = event.dataTransfer.getData(ENTRY_TYPE);
    const entry = entries.find((e) => e.id === entryId);
    if (entry && entry.columnId !== columnId) void fetcher.submit({ intent: "move", entryId, columnId }, { method: "post" });
  };
  if (!entries.length) {
    return (
      <p className="rounded-xl border border-dashed border-border px-6 py-12 text-center text-sm text-fg-muted">
        This list is empty. Add listings from the{" "}
        <Link to="/listings" className="text-accent underline">
          directory
        </Link>
        : each card and profile has &quot;Add to list&quot;, and you can add a selection of search results at once.
      </p>
    );
  }
  return (
    // The board scrolls sideways inside itself, so a phone's page never grows wider than the screen; `relative` keeps
    // the cards' screen-reader-only words (absolutely placed) inside it too, or they would widen the page.
    <div className="relative min-w-0 overflow-x-auto pb-2" role="region" aria-label="Board" tabIndex={0}>
      <ol className="flex w-max gap-4">
        {columns.map((column, i) => {
          const held = entries.filter((e) => columnOf(e) === column.id);
          return (
            <li
              key={column.id}
              className={cn(
                "w-72 shrink-0 rounded-xl border border-border bg-surface-muted p-3",
                over === column.id && "ring-2 ring-accent",
              )}
              onDragOver={(event) => {
                if (!event.dataTransfer.types.includes(ENTRY_TYPE)) return;
                event.preventDefault();
                setOver(column.id);
              }}
              onDragLeave={() => setOver((o) => (o === column.id ? null : o))}
              onDrop={drop(column.id)}
            >
              <h2 className="flex items-baseline justify-between px-1 text-sm font-semibold">
                <span>{column.name}</span>
                <span className="font-normal text-fg-muted">{held.length}</span>
              </h2>
              <ul className="mt-3 grid gap-3" aria-label={`${column.name}: entries`}>
                {held.map((entry) => (
                  <li key={entry.id}>
                    <EntryCard listId={listId} entry={entry} columns={columns} left={columns[i - 1]} right={columns[i + 1]} />
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

export function entryName(entry: ListEntry): string {
  return entry.card?.name ?? "A listing no longer in the directory";
}

function EntryCard({
  listId,
  entry,
  columns,
  left,
  right,
}: {
  listId: string;
  entry: ListEntry;
  columns: ListColumn[];
  left?: ListColumn;
  right?: ListColumn;
}) {
  const busy = useNavigation().state !== "idle";
  const card = entry.card;
  const name = entryName(entry);
  const selectId = `move-${entry.id}`;
  return (
    <article
      className="rounded-lg border border-border bg-surface-raised p-3 text-sm shadow-sm"
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(ENTRY_TYPE, entry.id);
        event.dataTransfer.effectAllowed = "move";
      }}
    >
      <h3 className="font-semibold break-words">
        <Link to={`/lists/${listId}/entries/${entry.id}`} className="hover:underline">
          {name}
        </Link>
      </h3>
      {card?.locked ? (
        <Badge variant="outline" className="mt-1">
          Not open on your plan
        </Badge>
      ) : null}
      {card?.tagline ? <p className="mt-1 line-clamp-2 text-fg-muted">{card.tagline}</p> : null}
      {card && (card.fundingStage || card.industry.length) ? (
        <p className="mt-2 flex flex-wrap gap-1">
          {card.fundingStage ? <Badge>{card.fundingStage}</Badge> : null}
          {card.industry.slice(0, 2).map((industry) => (
            <Badge key={industry} variant="outline">
              {industry}
            </Badge>
          ))}
        </p>
      ) : null}
      {entry.tags.length ? (
        <p className="mt-2 flex flex-wrap gap-1">
          <span className="sr-only">Tags:</span>
          {entry.tags.map((tag) => (
            <Badge key={tag} variant="accent">
              #{tag}
            </Badge>
          ))}
        </p>
      ) : null}
      <p className="mt-2 flex items-center gap-3 text-xs text-fg-muted">
        <span className="inline-flex items-center gap-1">
          <MessageSquare className="size-3.5" aria-hidden="true" />
          {entry.notes} <span className="sr-only">{entry.notes === 1 ? "note" : "notes"}</span>
        </span>
        <span>Added by {entry.addedBy?.name ?? "a former member"}</span>
      </p>
      <div className="mt-3 flex items-end gap-1">
        {left ? <ArrowForm entry={entry} name={name} to={left} busy={busy} direction="left" /> : null}
        <Form method="post" className="flex min-w-0 flex-1 items-end gap-1">
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="entryId" value={entry.id} />
          <label htmlFor={selectId} className="sr-only">
            Move {name} to
          </label>
          <select
            id={selectId}
            name="columnId"
            defaultValue={entry.columnId}
            className="h-8 min-w-0 flex-1 rounded-md border border-border bg-surface px-2 text-xs"
          >
            {columns.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <Button type="submit" size="sm" variant="secondary" disabled={busy}>
            Move
          </Button>
        </Form>
        {right ? <ArrowForm entry={entry} name={name} to={right} busy={busy} direction="right" /> : null}
      </div>
    </article>
  );
}

function ArrowForm({
  entry,
  name,
  to,
  busy,
  direction,
}: {
  entry: ListEntry;
  name: string;
  to: ListColumn;
  busy: boolean;
  direction: "left" | "right";
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="entryId" value={entry.id} />
      <input type="hidden" name="columnId" value={to.id} />
      <Button
        type="submit"
        size="sm"
        variant="ghost"
        disabled={busy}
        aria-label={`Move ${name} to ${to.name}`}
        title={`Move to ${to.name}`}
      >
        {direction === "left" ? <ArrowLeft aria-hidden="true" /> : <ArrowRight aria-hidden="true" />}
      </Button>
    </Form>
  );
}
