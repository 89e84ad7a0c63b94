/**
 * What the deletion page says happens, in plain words (decision 0077), each line true of what the code does:
 * delete-account.server.ts for what happens at once, the erasure job's steps for the rest (billing's
 * erase-member-payments.server.ts at the payment provider).
 */
export function whatHappens({
  email,
  plan,
  providers,
}: {
  email: string;
  /** `atProvider`: a subscription at the payment provider still runs (the erasure job cancels it there). */
  plan: { name: string; paid: boolean; atProvider: boolean };
  /** The account's ways of signing in: "credential" (a password), "google", "linkedin". */
  providers: readonly string[];
}): string[] {
  return [
    `You are signed out on every device at once. ${signInWays(providers)}, and your API keys stop working too.`,
    plan.atProvider
      ? `Your ${plan.name} plan ends now: we cancel its subscription at our payment provider within minutes, so your card is not charged again (a renewal it takes before then is refunded). Your invoices stay with the provider, which keeps them for accounting.`
      : plan.paid
        ? `Your ${plan.name} plan ends now, and nothing more is charged for it.`
        : "You are on the free plan, so there is no subscription to cancel.",
    "Introduction requests and applications still waiting for an answer are withdrawn.",
    "Within minutes (and never later than 30 days), we delete your profile, saved searches and their alerts, follows, usage history, introduction requests, and the e-mails we sent you.",
    'Where we keep a record for others (applications you sent, duplicate reports, the audit log, copies of e-mails sent to other people), your name, e-mail address and account id are replaced by "a deleted member". If your address is a listing\'s contact address, we remove it from the listing.',
    "For our accounts we keep the history of plan changes (plan, price, dates) and of payments (amount, date), without anything that identifies you.",
    `We send one e-mail to ${email} to confirm the deletion. After that, we never write to that address about this account again.`,
    "Your address is free at once: you can sign up with it again later, as a new and empty account. Nothing of this account comes back.",
  ];
}

const PROVIDER_NAMES: Record<string, string> = { google: "Google", linkedin: "LinkedIn" };

/** "Your password stops working for this account", "Your password and your sign-in with Google stop working ...". */
function signInWays(providers: readonly string[]): string {
  const ways = [
    ...(providers.includes("credential") ? ["your password"] : []),
    ...providers.filter((p) => p !== "credential").map((p) => `your sign-in with ${PROVIDER_NAMES[p] ?? "your provider"}`),
  ];
  if (!ways.length) return "Nobody can sign in to this account any more";
  const sentence =
    ways.length === 1
      ? `${ways[0]} stops working for this account`
      : `${ways.slice(0, -1).join(", ")} and ${ways.at(-1)} stop working for this account`;
  return sentence[0]!.toUpperCase() + sentence.slice(1);
}
