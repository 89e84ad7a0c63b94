import type { IntroStatus } from "#db/schema/introductions.ts";

/** How each status reads to requesters (/settings) and operators (/admin/intros). */
export const INTRO_STATUS_LABEL: Record<IntroStatus, string> = {
  awaiting_sign_up: "Waiting for sign-up",
  awaiting_verification: "Waiting for e-mail confirmation",
  pending_review: "In review",
  rejected: "Not forwarded",
  awaiting_recipient: "Waiting for their answer",
  awaiting_requester: "They asked a question",
  accepted: "Introduced",
  declined: "Declined",
  expired: "Expired, no answer",
};

export const REVIEW_TABS = [
  "pending_review",
  "awaiting_recipient",
  "awaiting_requester",
  "accepted",
  "declined",
  "expired",
  "rejected",
  "all",
] as const;
