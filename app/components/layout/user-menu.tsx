import { ChevronDown, LogOut, Settings, UserRound } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useSignOut } from "~/features/accounts/session-sync.ts";
import type { CurrentUser } from "~/lib/use-current-user.ts";
import { safeImageSrc } from "~/lib/web-url.ts";

export function UserAvatar({ user, size = 32 }: { user: Pick<CurrentUser, "name" | "picture">; size?: number }) {
  // The picture comes from the identity provider: printed only when it is http(s).
  const src = safeImageSrc(user.picture);
  if (src) {
    return <img src={src} alt="" width={size} height={size} className="rounded-full object-cover" style={{ width: size, height: size }} />;
  }
  return (
    <span className="inline-flex items-center justify-center rounded-full bg-accent-soft text-accent" style={{ width: size, height: size }}>
      <UserRound aria-hidden="true" className="size-5" />
    </span>
  );
}

/**
 * Signed in (spec 01 §2): picture or a default icon, the name, and a menu with Settings and Sign Out; on
 * mobile the menu also shows the e-mail address. A disclosure (button + links), so keyboard and screen
 * readers use it like any list of links; Escape and a click outside close it.
 */
/** The back-office pages an admin reaches from the menu (the pages check the role themselves). */
const OPERATOR_LINKS = [
  ["/admin", "Back-office"],
  ["/admin/intros", "Introduction requests"],
  ["/admin/applications", "Feature applications"],
  ["/admin/pilot-applications", "Pilot applications"],
  ["/admin/outbox", "Outbox"],
] as const;

export function UserMenu({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const { signOut, pending, error } = useSignOut();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  return (
    <div ref={root} className="relative">
      <button
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
        <p className="px-3 py-2 text-xs break-all text-fg-muted sm:hidden">{user.email}</p>
        <Link
          to="/settings"
          onClick={() => setOpen(false)}
          className="flex items-center gap-2 rounded-md px-3 py-2 text-sm hover:bg-surface-muted"
        >
          <Settings aria-hidden="true" className="size-4" />
          Settings
        </Link>
        {user.role === "admin" ? (
          <div className="my-1 border-t border-border pt-1">
            <p className="px-3 py-1 text-xs font-medium text-fg-muted">Operators</p>
            {OPERATOR_LINKS.map(([to, label]) => (
              <Link key={to} to={to} onClick={() => setOpen(false)} className="block rounded-md px-3 py-1.5 text-sm hover:bg-surface-muted">
                {label}
              </Link>
            ))}
          </div>
        ) : null}
        <button
          type="button"
          disabled={pending}
          onClick={() => void signOut()}
          className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-surface-muted disabled:opacity-60"
        >
          <LogOut aria-hidden="true" className="size-4" />
          {pending ? "Signing out..." : "Sign Out"}
        </button>
        {error ? (
          <p role="alert" className="px-3 py-2 text-xs text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
