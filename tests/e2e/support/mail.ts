import { expect } from "./test.ts";

/** One message as the local mail catcher received it over SMTP. */
export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  /** The text/html part, rendered from the same definition as the text (decision 0074). */
  html: string | null;
}

const MAIL_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT || 3210) + 2}/messages`;

/** Waits for the first message that matches, as a person would wait for it to arrive. */
export async function waitForMail(match: (mail: CaughtMail) => boolean, timeout = 10_000): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(MAIL_URL)).json()) as CaughtMail[];
        found = messages.find(match);
        return Boolean(found);
      },
      { timeout },
    )
    .toBe(true);
  return found!;
}

export async function allMail(): Promise<CaughtMail[]> {
  return (await (await fetch(MAIL_URL)).json()) as CaughtMail[];
}

/** The path of the first link in the text that goes to `pathPrefix`. */
export function linkIn(text: string, pathPrefix: string): string {
  const match = new RegExp(`https?://[^\\s]+(${pathPrefix.replace(/[/]/g, "\\/")}[^\\s]+)`).exec(text);
  if (!match) throw new Error(`no ${pathPrefix} link in: ${text}`);
  return match[1]!;
}
