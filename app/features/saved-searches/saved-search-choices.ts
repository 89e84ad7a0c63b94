/**
 * What the saved-search forms offer (alert choices and their labels, the longest name), without zod: the directory
 * page's "Save search" control imports this, and zod in its import graph added 24 kB gzipped to /listings' first load.
 * The rules that validate what is sent are in saved-search-rules.ts.
 */
import { ALERT_FREQUENCIES, type AlertFrequency } from "#db/values/saved-searches.ts";

export { ALERT_FREQUENCIES, type AlertFrequency };
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = { off: "No e-mail", daily: "Daily e-mail", weekly: "Weekly e-mail" };

export const MAX_NAME_LENGTH = 80;
