import { useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button.tsx";
import { Dialog } from "~/components/ui/dialog.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { toast } from "~/components/ui/toaster.tsx";
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
    const timer = setTimeout(() => {
      fetch(`/api/listings?${new URLSearchParams({ searchQuery: text, pageSize: "25" })}`, { signal: controller.signal })
        .then((r) => (r.ok ? (r.json() as Promise<{ data: Match[] }>) : { data: [] }))
        .then(({ data }) => setMatches(data.filter((m) => m.id !== exclude).slice(0, 8)))
        .catch(() => {});
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, exclude]);
  return matches;
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
  const [error, setError] = useState<string | null>(null);
  const [noteError, setNoteError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const matches = useListingSearch(chosen ? "" : query, listing.id);
  const listId = useId();

  async function send() {
    if (!chosen) return setError("Choose the listing it duplicates.");
    setSending(true);
    setError(null);
    setNoteError(undefined);
    try {
      const response = await fetch("/api/duplicate-reports", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ listingId: listing.id, duplicateOfId: chosen.id, note: note || null }),
      });
      const data = (await response.json().catch(() => null)) as FormResult<"note"> | null;
      if (!response.ok) {
        // A refused note is said beside it; anything else under the form.
        if (data?.errors?.note) return setNoteError(data.errors.note);
        return setError(data?.message || "The report could not be sent. Please try again.");
      }
      toast({ title: "Thanks for the report", description: data?.message });
      onOpenChange(false);
      setQuery("");
      setChosen(null);
      setNote("");
    } catch {
      setError("Network error");
    } finally {
      setSending(false);
    }
  }

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
        {matches.length > 0 ? (
          <ul
            id={listId}
            role="listbox"
            aria-label="Matching listings"
            className="max-h-56 overflow-y-auto rounded-md border border-border"
          >
            {matches.map((m) => (
              <li key={m.id} role="option" aria-selected={false}>
                <button
                  type="button"
                  className="w-full px-3 py-2 text-left text-sm hover:bg-surface-muted focus-visible:bg-surface-muted"
                  onClick={() => {
                    setChosen(m);
                    setError(null);
                  }}
                >
                  {m.name} <span className="text-fg-muted">({m.type})</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
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
