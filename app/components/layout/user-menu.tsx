import { Bell, Building2, ChevronDown, ListChecks, LogOut, Settings, UserRound, Users } from "lucide-react";
import { Fragment, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useSignOut } from "~/lib/session-sync.ts";
import type { CurrentUser } from "~/lib/use-current-user.ts";
import { addressParts } from "~/lib/wording.ts";
import { safeImageSrc } from "~/lib/web-url.ts";
import { useDisclosure } from "./use-disclosure.ts";
import { WorkingTeamSwitcher } from "./working-team-switcher.tsx";

export function UserAvatar({ user, size = 32 }: { user: Pick<CurrentUser, "name" | "picture">; size?: number }) {
  // The picture comes from the identity provider: printed only when it is http(s).
  const src = safeImageSrc(user.picture);
  if (src) {
    return <img src={src} alt="" width={size} height={size} className="rounded-full object-cover" style={{ width: size, height: size }} />;
  }
  return (
    <span
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent"
      style={{ width: size, height: size }}
    >
      <UserRound aria-hidden="true" className="size-5" />
    </span>
  );
}

/**
 * An e-mail address that wraps only after a dot or before the @ (never inside a word), however narrow the menu:
 * `break-normal` turns off the browser's own mid-word breaking, and <wbr> offers the places it may break instead.
 */
export function EmailAddress({ address, className }: { address: string; className?: string }) {
  return (
    <span className={`break-normal ${className ?? ""}`} data-testid="menu-email">
      {addressParts(address).map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** The back-office pages an admin reaches from the menu (the pages check the role themselves). */
const OPERATOR_LINKS = [
  ["/admin", "Back-office"],
  ["/admin/intros", "Introduction requests"],
  ["/admin/claims", "Listing claims"],
  ["/admin/applications", "Feature applications"],
  ["/admin/pilot-applications", "Pilot applications"],
  ["/admin/outbox", "Outbox"],
] as const;

const ITEM = "flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-surface-muted";

/** Settings, the operator pages for admins, and Sign Out: the same items in the desktop menu and the mobile one. */
export function AccountItems({ user, onNavigate }: { user: CurrentUser; onNavigate: () => void }) {
  const { signOut, pending, error } = useSignOut();
  return (
    <>
      <Link to="/settings" onClick={onNavigate} className={ITEM}>
        <Settings aria-hidden="true" className="size-4" />
        Settings
      </Link>
      <Link to="/following" onClick={onNavigate} className={ITEM}>
        <Bell aria-hidden="true" className="size-4" />
        Following
      </Link>
      <Link to="/lists" onClick={onNavigate} className={ITEM}>
        <ListChecks aria-hidden="true" className="size-4" />
        Lists
      </Link>
      <Link to="/my-listings" onClick={onNavigate} className={ITEM}>
        <Building2 aria-hidden="true" className="size-4" />
        My listings
      </Link>
      <Link to="/teams" onClick={onNavigate} className={ITEM}>
        <Users aria-hidden="true" className="size-4" />
        Teams
      </Link>
      <WorkingTeamSwitcher onNavigate={onNavigate} />
      {user.role === "admin" ? (
        <div className="my-1 border-t border-border pt-1">
          <p className="px-3 py-1 text-xs font-medium text-fg-muted">Operators</p>
          {OPERATOR_LINKS.map(([to, label]) => (
            <Link key={to} to={to} onClick={onNavigate} className="block rounded-md px-3 py-1.5 text-sm hover:bg-surface-muted">
              {label}
            </Link>
          ))}
        </div>
      ) : null}
      <button type="button" disabled={pending} onClick={() => void signOut()} className={`${ITEM} disabled:opacity-60`}>
        <LogOut aria-hidden="true" className="size-4" />
        {pending ? "Signing out..." : "Sign Out"}
      </button>
      {error ? (
        <p role="alert" className="px-3 py-2 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
}

/**
 * Signed in, from the small-screen breakpoint up (spec 01 §2): picture or a default icon, the name, and a menu with
 * Settings and Sign Out. Below it, the mobile menu holds the same items and the e-mail address. A disclosure (button
 * + links), so keyboard and screen readers use it like any list of links; Escape and a click outside close it.
 */
export function UserMenu({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useDisclosure({ open, setOpen, root, button });
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium hover:bg-surface-muted"
      >
        <UserAvatar user={user} />
        <span className="max-w-[9rem] truncate">{user.name}</span>
        <ChevronDown aria-hidden="true" className="size-4 text-fg-muted" />
        <span className="sr-only">Account menu</span>
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-56 rounded-lg border border-border bg-surface-raised p-1 shadow-lg"
      >
        <AccountItems user={user} onNavigate={() => setOpen(false)} />
      </div>
    </div>
  );
}
