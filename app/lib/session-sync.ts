import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { getJson, postJson } from "./api-client.ts";

/** Tabs of this site tell each other about sign-in and sign-out on this channel (spec 01 §7, spec 02 §7). */
const CHANNEL = "introbase-auth";

/** What identifies the session's state for the page: the user and their tier (a tier change re-renders). */
export function sessionKey(user: { id: string; tier: string } | null | undefined): string {
  return user ? `${user.id}:${user.tier}` : "";
}

function announceSessionChange(): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage("session-changed");
  channel.close();
}

/**
 * Rechecks the session on window focus and when another tab announces a change: asks /api/auth/me, and
 * reloads the page's data only when the answer differs from what the page shows (signed out elsewhere, tier
 * changed). A failed check counts as signed out (spec 01 §8) and is logged.
 */
export function useSessionRecheck(current: string): void {
  const revalidator = useRevalidator();
  const shown = useRef(current);
  shown.current = current;
  useEffect(() => {
    let cancelled = false;
    const check = async () => {
      const answer = await getJson<{ user: { id: string; tier: string } | null }>("/api/auth/me");
      if (!answer.ok && answer.kind === "network") console.warn("Session check failed; treating as signed out", answer.error);
      const now = answer.ok ? sessionKey(answer.data?.user) : "";
      if (!cancelled && now !== shown.current) void revalidator.revalidate();
    };
    const onFocus = () => void check();
    window.addEventListener("focus", onFocus);
    const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
    if (channel) channel.onmessage = () => void check();
    return () => {
      cancelled = true;
      window.removeEventListener("focus", onFocus);
      channel?.close();
    };
    // The revalidator object changes on every render; the handlers read the latest state through the ref.
  }, []);
}

/**
 * Sign-out as spec 01 §4 describes it: the session ends on the server, other tabs are told, and the browser
 * goes to /. The button stays busy until the page changes; it resets only when signing out failed.
 */
export function useSignOut(): { signOut: () => Promise<void>; pending: boolean; error: string | null } {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signOut = useCallback(async () => {
    setPending(true);
    setError(null);
    const answer = await postJson("/api/auth/signout");
    if (answer.ok) {
      announceSessionChange();
      return window.location.assign("/");
    }
    console.error("Sign out failed", answer.kind === "network" ? answer.error : `status ${answer.status}`);
    setError("Sign out failed");
    setPending(false);
  }, []);
  return { signOut, pending, error };
}
