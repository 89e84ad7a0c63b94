/**
 * The text/html part of an e-mail, rendered from the same blocks as its text part (email-body.ts, decision 0074) with
 * react-dom/server: React escapes every value, so a company called `<script>` is shown, never run or parsed. Simple on
 * purpose: one column, inline styles (mail clients drop style sheets), no images, the system fonts, colours with
 * AA contrast, real headings, lists and quotes for screen readers.
 */
import type { CSSProperties, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ADDRESS_IN_TEXT, TRAILING_PUNCTUATION, type EmailBlock, type EmailBody } from "./email-body.ts";

const FONT = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';
const STYLE = {
  body: { margin: 0, padding: "24px 12px", backgroundColor: "#f4f5f7" },
  article: {
    maxWidth: 600,
    margin: "0 auto",
    padding: "24px 28px",
    backgroundColor: "#ffffff",
    borderRadius: 8,
    color: "#1f2933",
    fontFamily: FONT,
    fontSize: 16,
    lineHeight: 1.5,
  },
  paragraph: { margin: "0 0 16px" },
  quote: { margin: "0 0 16px", padding: "4px 0 4px 14px", borderLeft: "3px solid #c5cbd3", color: "#3e4651" },
  heading: { margin: "24px 0 8px", fontSize: 18, lineHeight: 1.3 },
  list: { margin: "0 0 16px", paddingLeft: 20 },
  item: { margin: "0 0 6px" },
  footer: { margin: "24px 0 0", paddingTop: 12, borderTop: "1px solid #dde1e6", color: "#4b5563", fontSize: 13 },
  footerLine: { margin: "0 0 4px" },
  link: { color: "#1d4ed8", textDecoration: "underline", wordBreak: "break-all" },
} satisfies Record<string, CSSProperties>;

function href(url: string): string {
  // Builders make absolute links on our site; anything else is a bug, refused before it reaches a mailbox.
  if (!/^https?:\/\/[^\s<>"]+$/.test(url)) throw new Error(`An e-mail link must be an absolute http(s) address: ${url.slice(0, 80)}`);
  return url;
}

/** A line of text with each http(s) address in it as a link that shows the address, as a mail client links the text part. */
function Linked({ text }: { text: string }): ReactNode {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(ADDRESS_IN_TEXT)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, "");
    parts.push(text.slice(at, match.index));
    parts.push(
      <a key={match.index} href={href(url)} style={STYLE.link}>
        {url}
      </a>,
    );
    at = match.index + url.length;
  }
  parts.push(text.slice(at));
  return parts;
}

function Lines({ lines }: { lines: string[] }) {
  return lines.map((line, i) => (
    <span key={i}>
      {i > 0 ? <br /> : null}
      <Linked text={line} />
    </span>
  ));
}

function Block({ block }: { block: EmailBlock }) {
  switch (block.type) {
    case "paragraph":
      return (
        <p style={STYLE.paragraph}>
          <Lines lines={block.lines} />
        </p>
      );
    case "quote":
      return (
        <blockquote style={STYLE.quote}>
          <Lines lines={block.lines} />
        </blockquote>
      );
    case "list":
      return (
        <>
          <h2 style={STYLE.heading}>{block.heading}</h2>
          <ul style={STYLE.list}>
            {block.items.map((item, i) => (
              <li key={i} style={STYLE.item}>
                <a href={href(item.href)} style={STYLE.link}>
                  {item.title}
                </a>
                {item.detail ? ` (${item.detail})` : null}
              </li>
            ))}
          </ul>
          {block.more ? <p style={STYLE.paragraph}>{block.more}</p> : null}
        </>
      );
    case "footer":
      return (
        <div style={STYLE.footer}>
          {block.lines.map((line, i) => (
            <p key={i} style={STYLE.footerLine}>
              <Linked text={line} />
            </p>
          ))}
        </div>
      );
  }
}

/** The text/html part: a whole document, its title the subject. */
export function emailHtml(subject: string, body: EmailBody): string {
  const markup = renderToStaticMarkup(
    <html lang="en" dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{subject}</title>
      </head>
      <body style={STYLE.body}>
        <div role="article" aria-roledescription="email" aria-label={subject} lang="en" style={STYLE.article}>
          {body.map((block, i) => (
            <Block key={i} block={block} />
          ))}
        </div>
      </body>
    </html>,
  );
  return `<!DOCTYPE html>${markup}`;
}
