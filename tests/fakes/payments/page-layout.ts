/** The frame of the fake's pages (Checkout, 3D Secure, the portal, invoices): valid HTML, readable at 390 px, no script. */
import type { ServerResponse } from "node:http";

export const escape = (value: unknown) =>
  String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const STYLE = `
  :root { color-scheme: light dark; --accent: #4f46e5; --muted: #5b6170; --line: #d6d9e0; --bg: #f6f7fb; --card: #fff; --text: #1a1d24; --bad: #b42318; --good: #067647; }
  @media (prefers-color-scheme: dark) { :root { --muted: #b3b8c4; --line: #3a3f4b; --bg: #15171c; --card: #1e2128; --text: #eef0f4; --bad: #ff8a80; --good: #6ee7a8; --accent: #a5b4fc; } }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--bg); color: var(--text); }
  main { max-width: 34rem; margin: 0 auto; padding: 2rem 1rem 4rem; }
  .card { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 1.5rem; margin-bottom: 1.5rem; }
  h1 { font-size: 1.5rem; margin: 0 0 .25rem; } h2 { font-size: 1.125rem; margin: 0 0 1rem; }
  .muted, .test { color: var(--muted); } .test { font-size: .875rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: .5rem 0 0; }
  label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
  input { width: 100%; font: inherit; padding: .625rem .75rem; border: 1px solid var(--muted); border-radius: 8px; background: var(--card); color: var(--text); }
  .row { display: flex; gap: 1rem; } .row > div { flex: 1; }
  button, .button { display: inline-block; font: inherit; font-weight: 600; margin-top: 1.5rem; padding: .75rem 1.25rem; border-radius: 8px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; text-decoration: none; }
  @media (prefers-color-scheme: dark) { button, .button { color: #15171c; } }
  button.secondary { background: transparent; color: var(--accent); }
  .full { width: 100%; }
  :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  .error { color: var(--bad); font-weight: 600; } .notice { color: var(--good); font-weight: 600; }
  table { width: 100%; border-collapse: collapse; } th, td { text-align: left; padding: .5rem .25rem; border-bottom: 1px solid var(--line); }
  a { color: var(--accent); }
  ul.cards { padding-left: 1.25rem; margin: .5rem 0 0; } code { font-size: .9em; }
`;

export function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { Location: location, "Cache-Control": "no-store" });
  res.end();
}

/** The card fields of Stripe's payment form, with the first problem shown beside its field. */
export function cardFields(
  values: { number?: string; expiry?: string; name?: string },
  problem?: { field: string; message: string },
): string {
  const error = (field: string) => (problem?.field === field ? `<p class="error" id="${field}-error">${escape(problem.message)}</p>` : "");
  const described = (field: string) => (problem?.field === field ? ` aria-invalid="true" aria-describedby="${field}-error"` : "");
  return `
<label for="number">Card number</label>
<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required value="${escape(values.number)}"${described("number")}>
${error("number")}
<div class="row">
<div><label for="expiry">Expiry</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM / YY" required value="${escape(values.expiry)}"${described("expiry")}>
${error("expiry")}</div>
<div><label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required${described("cvc")}>
${error("cvc")}</div>
</div>
<label for="name">Name on card</label>
<input id="name" name="name" autocomplete="cc-name" value="${escape(values.name)}">`;
}

export const TEST_CARD_HINT = `<p class="test">Test mode: no real payment. Cards: <code>4242 4242 4242 4242</code> pays;
<code>4000 0000 0000 0002</code> is declined; <code>4000 0025 0000 3155</code> asks for authentication;
<code>4000 0000 0000 0341</code> can be saved in the billing portal but every charge on it fails (a renewal then fails).
Any future expiry, any CVC.</p>`;
