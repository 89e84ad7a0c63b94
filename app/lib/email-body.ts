/**
 * What an e-mail says, written once (decision 0074): a list of blocks that the mailer renders into the text/plain part
 * (here) and the text/html part (email-html.server.tsx). Neither part is written by hand, so they cannot say different
 * things, and a link is the same address in both. Builders stay pure: they return blocks, tested without sending.
 *
 * Every string in a block is plain text, whoever typed it: the HTML renderer escapes it, and an http(s) address in it
 * becomes a link showing that address, as a mail client does with the text part.
 */

/** A digest's entry: its title links to `href`; `detail` follows in brackets. */
export interface EmailListItem {
  title: string;
  href: string;
  detail?: string;
}

export type EmailBlock =
  /** Lines kept together (a greeting, a sentence and the link it introduces). */
  | { type: "paragraph"; lines: string[] }
  /** Somebody's own words, quoted line by line. */
  | { type: "quote"; lines: string[] }
  /** A heading over linked entries, and how many more there are when they were cut. */
  | { type: "list"; heading: string; items: EmailListItem[]; more?: string }
  /** Why the e-mail came and how to stop it, set apart from the message. */
  | { type: "footer"; lines: string[] };

/** A message's blocks, in order. */
export type EmailBody = readonly EmailBlock[];

/** An http(s) address in running text, as mail clients find it: up to white space or a quote or bracket of markup. */
export const ADDRESS_IN_TEXT = /https?:\/\/[^\s<>"]+/g;
/** Punctuation that ends the sentence around an address rather than the address. */
export const TRAILING_PUNCTUATION = /[).,]+$/;

/** Lines kept together; a line with line breaks in it (a reason typed in a text area) is as many lines. */
export function paragraph(...lines: string[]): EmailBlock {
  return { type: "paragraph", lines: lines.flatMap((line) => line.split(/\r?\n/)) };
}

export function quote(text: string): EmailBlock {
  return { type: "quote", lines: text.split(/\r?\n/) };
}

export function list(heading: string, items: EmailListItem[], more?: string): EmailBlock {
  return { type: "list", heading, items, ...(more ? { more } : {}) };
}

export function footer(...lines: string[]): EmailBlock {
  return { type: "footer", lines: lines.flatMap((line) => line.split(/\r?\n/)) };
}

/** The closing every message of ours ends with. */
export const SIGN_OFF = paragraph("The Introbase team");

function blockText(block: EmailBlock): string {
  switch (block.type) {
    case "paragraph":
      return block.lines.join("\n");
    case "quote":
      return block.lines.map((line) => `> ${line}`).join("\n");
    case "list": {
      const lines = [block.heading, "-".repeat(Math.min(block.heading.length, 60))];
      for (const item of block.items) lines.push(`* ${item.title}${item.detail ? ` (${item.detail})` : ""}`, `  ${item.href}`);
      if (block.more) lines.push(`  ${block.more}`);
      return lines.join("\n");
    }
    case "footer":
      return ["--", ...block.lines].join("\n");
  }
}

/** The text/plain part: blocks a blank line apart. */
export function emailText(body: EmailBody): string {
  return body.map(blockText).join("\n\n");
}
