/**
 * The local provider's two pages: the account chooser (its sign-in page) and the error page it shows instead of
 * redirecting when the client or its redirect_uri is not the registered one. Plain HTML, no script; the style
 * carries the request's CSP nonce.
 */

export interface ChooserAccount {
  sub: string;
  name: string;
  email: string;
  description?: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f6f7f9;color:#111827}main{max-width:28rem;margin:3rem auto;padding:0 1rem}
h1{font-size:1.25rem}p{color:#4b5563;line-height:1.5}ul{list-style:none;padding:0;display:grid;gap:.75rem}
a{display:grid;gap:.15rem;padding:.9rem 1rem;border:1px solid #d1d5db;border-radius:.6rem;background:#fff;color:inherit;text-decoration:none}
a:hover,a:focus-visible{border-color:#2563eb;outline:2px solid #2563eb}span{font-size:.85rem;color:#4b5563}.cancel{display:inline;border:0;padding:0;background:none;color:#1d4ed8;text-decoration:underline}
code{font-size:.9rem}
@media (prefers-color-scheme:dark){body{background:#0b0f17;color:#e5e7eb}a{background:#111827;border-color:#374151}p,span{color:#9ca3af}.cancel{color:#93c5fd}}`;

function page(title: string, nonce: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style nonce="${escapeHtml(nonce)}">
${STYLE}
</style></head><body><main>
${body}
</main></body></html>`;
}

/**
 * The sign-in page: a link per account to the authorize step with the same request and `demo_user` (a link, so it
 * works without JavaScript), and a way back that tells the client the person declined.
 */
export function chooserPage(args: {
  providerName: string;
  query: URLSearchParams;
  accounts: readonly ChooserAccount[];
  cancel: string;
  nonce: string;
}): string {
  const choices = args.accounts
    .map((account) => {
      const params = new URLSearchParams(args.query);
      params.delete("demo_user");
      params.set("demo_user", account.sub);
      const description = account.description ? `<span>${escapeHtml(account.description)}</span>` : "";
      return `<li><a href="authorize?${escapeHtml(params.toString())}"><strong>${escapeHtml(account.name)}</strong>
      <span>${escapeHtml(account.email)}</span>${description}</a></li>`;
    })
    .join("");
  const name = escapeHtml(args.providerName);
  return page(
    `Sign in with ${args.providerName} (local demo)`,
    args.nonce,
    `<h1>Sign in with ${name}: local demo provider</h1>
<p>No ${name} client is configured, so this local provider signs you in instead. Choose a demo account:</p>
<ul>${choices}</ul>
<p><a class="cancel" href="${escapeHtml(args.cancel)}">Cancel and go back</a></p>`,
  );
}

/** The page shown instead of a redirect: the error as real providers name it, and no link to the requested address. */
export function refusedPage(args: { providerName: string; error: string; description: string; nonce: string }): string {
  return page(
    `Sign-in request refused (${args.providerName}, local demo)`,
    args.nonce,
    `<h1>This sign-in request was refused</h1>
<p>Error 400: <code>${escapeHtml(args.error)}</code></p>
<p>${escapeHtml(args.description)} The application that sent you here is not set up for this provider; nothing was shared with it.</p>`,
  );
}
