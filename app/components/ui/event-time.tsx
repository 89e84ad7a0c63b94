import { formatDateTime, formatEventTime, type DateInput } from "~/lib/format-date.ts";

/**
 * When something happened, for people: "5 minutes ago" within a day, else "28 Nov 2026, 17:01 UTC" (decision 0111).
 * `now` is the server's, sent by the loader with the data, so the server's HTML and the browser's hydration print
 * the same words; the exact time is in the element (for machines) and, when the words are relative, its title (on hover).
 */
export function EventTime({ at, now, className }: { at: string; now: DateInput; className?: string }) {
  const text = formatEventTime(at, now);
  const exact = formatDateTime(at);
  return (
    <time dateTime={at} title={text === exact ? undefined : exact} className={className}>
      {text}
    </time>
  );
}
