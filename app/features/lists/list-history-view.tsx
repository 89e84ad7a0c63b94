import { Link } from "react-router";
import { EventTime } from "~/components/ui/event-time.tsx";
import { actorName, describeHistoryLine, type HistoryLine } from "./list-history.ts";

const LISTING_MARK = "\u0000listing\u0000";

/** One line: "Priya Premium moved Acme from Sourced to Meeting, 2 hours ago", the listing a link to its profile. */
export function HistoryLineText({ line, now }: { line: HistoryLine; now: string }) {
  const [before, after] = describeHistoryLine(line, LISTING_MARK).split(LISTING_MARK);
  const listing = line.listing ? (
    <Link to={line.listing.href} className="font-medium text-accent hover:underline">
      {line.listing.name}
    </Link>
  ) : (
    <span className="italic">a listing no longer in the directory</span>
  );
  return (
    <>
      <span className="font-medium">{actorName(line)}</span> {before}
      {after !== undefined ? (
        <>
          {listing}
          {after}
        </>
      ) : null}
      , <EventTime at={line.at} now={now} className="text-fg-muted" />
    </>
  );
}

/** The history tab: the list's events, newest first, fifty a page. */
export function ListHistoryView({
  listId,
  history,
  now,
}: {
  listId: string;
  history: { lines: HistoryLine[]; page: number; hasMore: boolean };
  now: string;
}) {
  return (
    <section aria-labelledby="history-heading" className="grid gap-3">
      <h2 id="history-heading" className="text-lg font-semibold">
        History
      </h2>
      {history.lines.length === 0 ? (
        <p className="text-sm text-fg-muted">Nothing here yet.</p>
      ) : (
        <ol className="divide-y divide-border rounded-xl border border-border text-sm">
          {history.lines.map((line) => (
            <li key={line.id} className="px-4 py-2.5">
              <HistoryLineText line={line} now={now} />
            </li>
          ))}
        </ol>
      )}
      <nav aria-label="History pages" className="flex gap-4 text-sm">
        {history.page > 1 ? (
          <Link to={`/lists/${listId}?view=history&page=${history.page - 1}`} className="text-accent hover:underline">
            Newer
          </Link>
        ) : null}
        {history.hasMore ? (
          <Link to={`/lists/${listId}?view=history&page=${history.page + 1}`} className="text-accent hover:underline">
            Older
          </Link>
        ) : null}
      </nav>
    </section>
  );
}
