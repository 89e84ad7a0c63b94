import { Menu, X } from "lucide-react";
import { useId, useRef, useState, type ReactNode } from "react";
import { NavLink } from "react-router";
import { cn } from "~/lib/cn.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import type { CurrentUser } from "~/lib/use-current-user.ts";
import { useDisclosure } from "./use-disclosure.ts";
import { AccountItems, EmailAddress, UserAvatar } from "./user-menu.tsx";

export const HEADER_LINKS = [
  ["/listings", "Directory"],
  ["/pilot", "Pilot"],
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn("block rounded-md px-3 py-2.5 text-base font-medium hover:bg-surface-muted", isActive ? "text-accent" : "text-fg");

const BUTTON = "inline-flex h-10 items-center gap-1.5 rounded-lg border border-border px-2.5 text-sm font-medium hover:bg-surface-muted";

/**
 * Below the small-screen breakpoint the header has room for the logo and one button, so every header link and the
 * account menu live here (issue 15 §3): Directory, Pilot, then the account (picture, name, e-mail address, Settings,
 * the operator pages, Sign Out) or, signed out, the header's own Sign In or Apply. A disclosure like the account menu:
 * Escape and a click outside close it, and Escape returns the focus to the button. Before the page's JavaScript runs
 * the button is a link to the footer, which carries the same links.
 */
export function MobileMenu({ user, action }: { user: CurrentUser | null; action: (close: () => void) => ReactNode }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useDisclosure({ open, setOpen, root, button });
  const close = () => setOpen(false);
  const face = (
    <>
      {user ? <UserAvatar user={user} size={24} /> : null}
      {open ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
      <span className="sr-only">Menu</span>
    </>
  );
  return (
    <div ref={root} className="sm:hidden">
      {hydrated ? (
        <button
          ref={button}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
          className={BUTTON}
        >
          {face}
        </button>
      ) : (
        <a href="#site-footer" className={BUTTON}>
          {face}
        </a>
      )}
      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-border bg-surface-raised px-4 pt-2 pb-4 shadow-lg"
      >
        <nav aria-label="Menu">
          <ul>
            {HEADER_LINKS.map(([to, label]) => (
              <li key={to}>
                <NavLink to={to} onClick={close} className={linkClass}>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-2 border-t border-border pt-3">
          {user ? (
            <>
              <div className="flex items-start gap-3 px-3 pb-2">
                <UserAvatar user={user} size={36} />
                <div className="min-w-0">
                  <p className="font-medium">{user.name}</p>
                  <EmailAddress address={user.email} className="block text-sm text-fg-muted" />
                </div>
              </div>
              <AccountItems user={user} onNavigate={close} />
            </>
          ) : (
            action(close)
          )}
        </div>
      </div>
    </div>
  );
}
