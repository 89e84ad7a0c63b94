import { useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button.tsx";
import { Dialog } from "~/components/ui/dialog.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { toast } from "~/components/ui/toaster.tsx";
import { getJson, postJson } from "~/lib/api-client.ts";
import type { FormResult } from "~/lib/form-parse.ts";

interface Match {
  id: string;
  name: string;
  type: string;
}

const SEARCH_DELAY_MS = 250;

/** The directory's own search (GET /api/listings), without this listing: what the member may pick from. */
function useListingSearch(query: string, exclude: string) {
  const [matches, setMatches] = useState<Match[]>([]);
  useEffect(() => {
    const text = query.trim();
    if (text.length < 2) return setMatches([]);
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const url = `/api/listings?${new URLSearchParams({ searchQuery: text, pageSize: "25" })}`;
      const answer = await getJson<{ data: Match[] }>(url, { signal: controller.signal });
      // A failed or aborted search keeps what is shown: the member can type on.
      if (answer.ok && answer.data) setMatches(answer.data.data.filter((m) => m.id !== exclude).slice(0, 8));
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, exclude]);
  return matches;
}

/**
 * Sends the report (POST /api/duplicate-reports): a refused note is said beside the note, anything else under the
 * form; once sent, a toast thanks the member and `onSent` resets the dialog.
 */
function useReportSend(listingId: string, chosen: Match | null, note: string, onSent: () => void) {
  const [error, setError] = useState<string | null>(null);
  const [noteError, setNoteError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  async function send() {
    if (!chosen) return setError("Choose the listing it duplicates.");
    setSending(true);
    setError(null);
    setNoteError(undefined);
    const answer = await postJson<FormResult<"note"> | null>("/api/duplicate-reports", {
      listingId,
      duplicateOfId: chosen.id,
      note: note || null,
    });
    setSending(false);
    if (!answer.ok && answer.kind === "network") return setError("Network error");
    if (!answer.ok) {
      const result = answer.body as FormResult<"note"> | null;
      if (result?.errors?.note) return setNoteError(result.errors.note);
      return setError(result?.message || "The report could not be sent. Please try again.");
    }
    toast({ title: "Thanks for the report", description: answer.data?.message });
    onSent();
  }

  return { send, sending, error, setError, noteError };
}

/** The listings the search found, each a button that picks it. */
function MatchList({ id, matches, onChoose }: { id: string; matches: Match[]; onChoose: (match: Match) => void }) {
  if (matches.length === 0) return null;
  return (
    <ul id={id} role="listbox" aria-label="Matching listings" className="max-h-56 overflow-y-auto rounded-md border border-border">
      {matches.map((m) => (
        <li key={m.id} role="option" aria-selected={false}>
          <button
            type="button"
            className="w-full px-3 py-2 text-left text-sm hover:bg-surface-muted focus-visible:bg-surface-muted"
            onClick={() => onChoose(m)}
          >
            {m.name} <span className="text-fg-muted">({m.type})</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * "Report a duplicate" (issue 5 §7): the member names the listing this one repeats and may add a note; the pair
 * goes to the operators' review queue (POST /api/duplicate-reports). Nothing changes until an operator decides.
 */
export default function ReportDuplicateDialog({
  open,
  onOpenChange,
  listing,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  listing: { id: string; name: string };
}) {
  const [query, setQuery] = useState("");
  const [chosen, setChosen] = useState<Match | null>(null);
  const [note, setNote] = useState("");
  const matches = useListingSearch(chosen ? "" : query, listing.id);
  const listId = useId();

  const { send, sending, error, setError, noteError } = useReportSend(listing.id, chosen, note, () => {
    onOpenChange(false);
    setQuery("");
    setChosen(null);
    setNote("");
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Report a duplicate"
      description={`Is ${listing.name} the same company as another listing?`}
    >
      <form
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <FormField label="The same company as" error={!chosen && error ? error : undefined} hint="Type at least two letters of its name.">
          {(props) => (
            <input
              {...props}
              type="search"
              role="combobox"
              aria-expanded={matches.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              autoComplete="off"
              value={chosen ? chosen.name : query}
              onChange={(e) => {
                setChosen(null);
                setQuery(e.target.value);
              }}
            />
          )}
        </FormField>
        <MatchList
          id={listId}
          matches={matches}
          onChoose={(m) => {
            setChosen(m);
            setError(null);
          }}
        />
        <FormField label="Note for the operators (optional)" hint="At most 500 characters." error={noteError}>
          {(props) => <textarea {...props} rows={3} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />}
        </FormField>
        {chosen && error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={sending}>
            {sending ? "Sending..." : "Send report"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
