import { Link } from "react-router";

/** Also the mobile menu's stand-in before the page's JavaScript runs (its button links here): every header link is here too. */
const LINKS = [
  ["/listings", "Browse Listings"],
  ["/pilot", "Pilot"],
  ["/developers", "API for developers"],
  ["/privacy-policy", "Privacy Policy"],
  ["/terms", "Terms of Service"],
] as const;

export function SiteFooter() {
  return (
    <footer id="site-footer" className="mt-16 border-t border-border bg-surface-muted">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="max-w-md">
          <p className="font-semibold">Introbase</p>
          <p className="mt-2 text-sm text-fg-muted">
            Connecting startups, investors and local partners through curated, consent-based warm introductions.
          </p>
        </div>
        <nav aria-label="Footer" className="flex flex-col gap-2 text-sm">
          {LINKS.map(([to, label]) => (
            <Link key={to} to={to} className="text-fg-muted hover:text-fg">
              {label}
            </Link>
          ))}
          <a
            href="https://www.linkedin.com/company/introbase"
            target="_blank"
            rel="noopener noreferrer"
            className="text-fg-muted hover:text-fg"
          >
            LinkedIn
          </a>
        </nav>
      </div>
      <p className="border-t border-border px-4 py-4 text-center text-xs text-fg-muted">
        © {new Date().getFullYear()} Introbase. All rights reserved.
      </p>
    </footer>
  );
}
