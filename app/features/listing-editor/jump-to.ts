import type { MouseEvent } from "react";

/**
 * Follows an in-page link without changing the address. A hash change is a navigation to React Router, and a
 * navigation drops the action's answer: after a refused save, the form would lose its messages and everything
 * typed. Without JavaScript the link works as a plain anchor (and there is no router to lose anything).
 */
export function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string, block: ScrollLogicalPosition = "center"): void {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ block, behavior: reduced ? "auto" : "smooth" });
  target.focus({ preventScroll: true });
}
