import { z } from "zod";
import { normaliseWebUrl } from "./web-url.ts";

// Apart from web-url.ts because zod is ~24 kB gzipped: the header's avatar and every card use web-url.ts's checks,
// and importing this with them put zod in the first load of every page.

/**
 * The entry rule for forms: text to the address to store, or `message` beside the field. Blank and length are the
 * form's own business (some fields are required, some are not), so compose this after them.
 */
export function webUrlSchema(message: string) {
  return z.string().transform((value, ctx) => {
    const url = normaliseWebUrl(value);
    if (url !== null) return url;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });
}
