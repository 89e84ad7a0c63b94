/** How long a claim link works, and an invitation (a colleague may be away for a few days); pages say so too. */
export const CLAIM_LINK_HOURS = 24;
export const INVITE_LINK_DAYS = 7;
