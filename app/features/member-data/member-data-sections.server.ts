/**
 * What "Download my data" contains (GDPR Art. 15 and 20, decision 0077): one entry per kind of record the database
 * keeps about a member, in the order of the file. A new table that holds members' data is added here, in one place:
 * an entry with its query, and the erasure (account-erasure-job.server.ts) and its test learn of it from the scan of
 * every table (member-data-erasure.db.test.ts fails until it is handled).
 *
 * Each entry is one SQL query over the member's rows giving `key` (unique, ordering the pages: the file is read page
 * by page however large it is) and `row` (the JSON written, built in SQL so every driver writes the same). Secrets
 * never appear: no password hash, session token, API key hash, verification value, unsubscribe link; and nothing of
 * another person (who reviewed a request, whom a recipient's address belongs to, what someone else wrote).
 */
import { sql } from "drizzle-orm";
import { LIST_SECTIONS } from "./member-data-list-sections.server.ts";
import { iso, list, type ExportSection } from "./member-data-sql.server.ts";

/** The plan's name as the catalogue calls the tier in `column` now (decision 0080). */
const planName = (column: string) =>
  sql.raw(`(SELECT display_name FROM visibility_levels v WHERE v.name = ${column} ORDER BY v.id LIMIT 1)`);

export const EXPORT_SECTIONS: readonly ExportSection[] = [
  {
    name: "profile",
    shape: "one",
    query: (m) => sql`SELECT id AS key, json_build_object('id', id, 'name', name, 'email', email, 'emailVerified', email_verified,
      'picture', image, 'role', role, 'tier', tier, 'createdAt', ${iso("created_at")}, 'updatedAt', ${iso("updated_at")},
      'lastSignedInAt', ${iso("last_signed_in_at")}, 'disabledAt', ${iso("disabled_at")}) AS row
      FROM users WHERE id = ${m.id}`,
  },
  // How the member signs in: the provider and the id it knows them by. Never the password's hash or the provider's tokens.
  list(
    "signInMethods",
    (m) => sql`SELECT id AS key, json_build_object('method', CASE provider_id WHEN 'credential' THEN 'password' ELSE provider_id END,
      'providerAccountId', CASE provider_id WHEN 'credential' THEN NULL ELSE account_id END, 'scope', scope,
      'createdAt', ${iso("created_at")}, 'updatedAt', ${iso("updated_at")}) AS row FROM accounts WHERE user_id = ${m.id}`,
  ),
  // Where the member is signed in. Never the session's token.
  list(
    "sessions",
    (m) => sql`SELECT id AS key, json_build_object('signedInAt', ${iso("created_at")}, 'lastSeenAt', ${iso("updated_at")},
      'expiresAt', ${iso("expires_at")}, 'ipAddress', ip_address, 'userAgent', user_agent) AS row FROM sessions WHERE user_id = ${m.id}`,
  ),
  // Billing: every table of plans, subscriptions and grants gets an entry here (amounts, plans and dates); the invoices
  // are the payment provider's, read from it when the file is made (export-member-data.server.ts). Never a webhook's
  // event (its ids name the provider's notices, not the member's records) or anything of a card.
  list(
    "subscriptionChanges",
    (m) => sql`SELECT id::text AS key, json_build_object('plan', plan, 'tier', tier, 'monthlyPrice', monthly_price, 'status', status,
      'provider', provider, 'at', ${iso("created_at")}) AS row FROM subscription_changes WHERE user_id = ${m.id}`,
  ),
  {
    name: "billingCustomer",
    shape: "one",
    query: (m) => sql`SELECT user_id AS key, json_build_object('customerId', provider_customer_id,
      'firstPaymentAt', ${iso("first_payment_at")}, 'moneyBackGuaranteeUsedAt', ${iso("guarantee_used_at")},
      'createdAt', ${iso("created_at")}) AS row FROM billing_customers WHERE user_id = ${m.id}`,
  },
  list(
    "subscriptions",
    (
      m,
    ) => sql`SELECT id AS key, json_build_object('id', id, 'status', status, 'plan', ${planName("billing_subscriptions.tier")}, 'tier', tier,
      'interval', interval, 'currentPeriodEnd', ${iso("current_period_end")}, 'cancelAtPeriodEnd', cancel_at_period_end,
      'pastDueSince', ${iso("past_due_since")}, 'endedAt', ${iso("ended_at")}, 'refundedAt', ${iso("refunded_at")},
      'createdAt', ${iso("created_at")}) AS row FROM billing_subscriptions WHERE user_id = ${m.id}`,
  ),
  // Payments an operator gave back (decision 0081): which invoice, how much, what became of the plan. Not who did it.
  list(
    "refunds",
    (m) => sql`SELECT invoice_id AS key, json_build_object('invoiceId', invoice_id, 'amount', amount, 'currency', currency,
      'planEnding', plan_ending, 'at', ${iso("created_at")}) AS row FROM billing_refunds WHERE user_id = ${m.id}`,
  ),
  // A plan given without payment: chosen in demo billing, or an operator's gift. Not who granted it.
  list(
    "tierGrants",
    (m) => sql`SELECT source AS key, json_build_object('source', source, 'plan', ${planName("tier_grants.tier")}, 'tier', tier,
      'startsAt', ${iso("starts_at")}, 'endsAt', ${iso("ends_at")}, 'note', note, 'createdAt', ${iso("created_at")}) AS row
      FROM tier_grants WHERE user_id = ${m.id}`,
  ),
  list(
    "usage",
    (m) => sql`SELECT concat_ws(':', year, lpad(month::text, 2, '0'), action) AS key, json_build_object('year', year, 'month', month,
      'action', action, 'count', count, 'lastUpdated', ${iso("last_updated")}) AS row FROM usage_counters WHERE user_id = ${m.id}`,
  ),
  list(
    "profilesViewed",
    (m) => sql`SELECT concat_ws(':', year, lpad(month::text, 2, '0'), listing_id) AS key, json_build_object('listingId', listing_id,
      'year', year, 'month', month, 'firstViewedAt', ${iso("viewed_at")}) AS row FROM listing_views WHERE user_id = ${m.id}`,
  ),
  list(
    "savedSearches",
    (
      m,
    ) => sql`SELECT id::text AS key, json_build_object('id', id, 'name', name, 'query', query, 'alerts', alert_frequency, 'sharedWithTeamId', team_id,
      'alertsChangedAt', ${iso("alerts_changed_at")}, 'lastLookedAt', ${iso("last_looked_at")}, 'createdAt', ${iso("created_at")},
      'updatedAt', ${iso("updated_at")}) AS row FROM saved_searches WHERE user_id = ${m.id}`,
  ),
  list(
    "follows",
    (m) => sql`SELECT listing_id::text AS key, json_build_object('listingId', listing_id, 'followedAt', ${iso("created_at")}) AS row
      FROM listing_follows WHERE user_id = ${m.id}`,
  ),
  // Issue 37 (decision 0121): the listings the member had their teams follow, and their choice of each team's digest.
  list(
    "teamFollowsYouAdded",
    (m) => sql`SELECT concat_ws(':', team_id, listing_id) AS key, json_build_object('teamId', team_id, 'listingId', listing_id,
      'followedAt', ${iso("created_at")}) AS row FROM team_follows WHERE added_by = ${m.id}`,
  ),
  list(
    "teamDigests",
    (
      m,
    ) => sql`SELECT team_id::text AS key, json_build_object('teamId', team_id, 'optedIn', opted_in, 'changedAt', ${iso("changed_at")}) AS row
      FROM team_digest_opt_ins WHERE user_id = ${m.id}`,
  ),
  list(
    "followEmailSettings",
    (m) => sql`SELECT user_id AS key, json_build_object('emails', emails, 'changedAt', ${iso("changed_at")},
      'toldUntil', ${iso("told_until")}) AS row FROM follow_email_settings WHERE user_id = ${m.id}`,
  ),
  // The digests as sent: what and when, not the body (its unsubscribe links are credentials).
  list(
    "digestEmails",
    (m) => sql`SELECT id::text AS key, json_build_object('cadence', cadence, 'periodStart', ${iso("period_start")}, 'status', status,
      'subject', subject, 'items', item_count, 'createdAt', ${iso("created_at")}, 'sentAt', ${iso("sent_at")}) AS row
      FROM digest_deliveries WHERE user_id = ${m.id}`,
  ),
  // The monthly summary of the listings the member keeps (decision 0117): the switch, and which months were e-mailed.
  list(
    "listingSummaryEmailSettings",
    (m) => sql`SELECT user_id AS key, json_build_object('emails', emails, 'changedAt', ${iso("changed_at")}) AS row
      FROM owner_insight_email_settings WHERE user_id = ${m.id}`,
  ),
  list(
    "listingSummaryEmails",
    (m) => sql`SELECT id::text AS key, json_build_object('month', to_char(month_start, 'YYYY-MM'), 'status', status,
      'createdAt', ${iso("created_at")}, 'sentAt', ${iso("sent_at")}) AS row FROM owner_insight_deliveries WHERE user_id = ${m.id}`,
  ),
  // Requests the member sent, as they wrote them; not who reviewed them or where the recipient was written to.
  list(
    "introRequestsSent",
    (m) => sql`SELECT id::text AS key, json_build_object('id', id, 'recipient', recipient_name, 'recipientType', recipient_type,
      'yourName', requester_name, 'yourEmail', requester_email, 'yourPhone', requester_phone, 'message', message, 'status', status,
      'decisionNote', decision_note, 'ipAddress', client_address, 'createdAt', ${iso("created_at")}, 'reviewedAt', ${iso("reviewed_at")},
      'respondedAt', ${iso("responded_at")}) AS row
      FROM intro_requests WHERE requester_id = ${m.id} OR (requester_id IS NULL AND lower(requester_email) = ${m.email})`,
  ),
  // Requests sent to the member as a listing's contact: that they came and what became of them; the requester is theirs.
  list(
    "introRequestsReceived",
    (m) => sql`SELECT id::text AS key, json_build_object('id', id, 'listing', recipient_name, 'status', status,
      'createdAt', ${iso("created_at")}, 'respondedAt', ${iso("responded_at")}) AS row
      FROM intro_requests WHERE lower(recipient_email) = ${m.email}`,
  ),
  // Requests the member answered as a claimed listing's owner (decision 0116): what they answered, not the requester's words.
  list(
    "introRequestsAnsweredAsOwner",
    (m) => sql`SELECT id::text AS key, json_build_object('id', id, 'listing', recipient_name, 'status', status,
      'yourNote', accept_note, 'declineReason', decline_reason, 'yourQuestion', owner_question,
      'askedAt', ${iso("question_asked_at")}, 'respondedAt', ${iso("responded_at")}) AS row
      FROM intro_requests WHERE answered_by = ${m.id}`,
  ),
  // The introduction preferences the member last saved for a listing they keep.
  list(
    "introPreferencesYouSet",
    (m) => sql`SELECT listing_id::text AS key, json_build_object('listingId', listing_id, 'plans', tiers, 'listingTypes', listing_types,
      'industryIds', industry_ids, 'stageIds', stage_ids, 'takeUnknown', allow_unknown, 'monthlyCap', monthly_cap, 'paused', paused,
      'updatedAt', ${iso("updated_at")}) AS row FROM intro_preferences WHERE updated_by = ${m.id}`,
  ),
  // Listings that give the member's address: as their primary contact, their public contact e-mail, or a team member's.
  list(
    "listingsWithYourAddress",
    (m) => sql`SELECT h.listing_id::text || ':' || h.role AS key,
        json_build_object('listingId', l.id, 'listing', l.name, 'as', h.role) AS row
      FROM (SELECT id AS listing_id, 'primary contact' AS role FROM listings WHERE lower(primary_contact_email) = ${m.email}
            UNION SELECT id, 'contact e-mail' FROM listings WHERE lower(contact_email) = ${m.email}
            UNION SELECT listing_id, 'team member' FROM team_members WHERE lower(email) = ${m.email}) AS h
      JOIN listings l ON l.id = h.listing_id`,
  ),
  // Issue 36: the listings the member keeps, their claims of listings, and the colleagues they invited (the address they
  // wrote). Not who decided a claim, nor the operators' bookkeeping; never a claim or invitation link.
  list(
    "listingsYouKeep",
    (m) => sql`SELECT o.listing_id::text AS key, json_build_object('listingId', o.listing_id, 'listing', l.name, 'via', o.via,
      'provedBy', o.proved_by, 'since', ${iso("o.created_at")}) AS row
      FROM listing_owners o LEFT JOIN listings l ON l.id = o.listing_id WHERE o.user_id = ${m.id}`,
  ),
  list(
    "listingClaims",
    (m) => sql`SELECT c.id::text AS key, json_build_object('listingId', c.listing_id, 'listing', l.name, 'method', c.method,
      'email', c.email, 'role', c.role, 'evidence', c.evidence, 'evidenceUrl', c.evidence_url, 'status', c.status,
      'decisionNote', c.decision_note, 'createdAt', ${iso("c.created_at")}, 'decidedAt', ${iso("c.decided_at")}) AS row
      FROM listing_claims c JOIN listings l ON l.id = c.listing_id WHERE c.user_id = ${m.id}`,
  ),
  list(
    "listingInvitationsSent",
    (m) => sql`SELECT i.id::text AS key, json_build_object('listingId', i.listing_id, 'listing', l.name, 'email', i.email,
      'status', i.status, 'createdAt', ${iso("i.created_at")}) AS row
      FROM listing_invites i JOIN listings l ON l.id = i.listing_id WHERE i.invited_by = ${m.id}`,
  ),
  // Issue 37 (decision 0118): the member's teams (role, seat, whether they work in it now) and the invitations they sent
  // or that came to their address. Not the other members, nor who invited them, nor the address an invitation they sent
  // went to (it is the invitee's, perhaps another member's); never an invitation's link.
  list(
    "teams",
    (m) => sql`SELECT tm.team_id::text AS key, json_build_object('teamId', tm.team_id, 'team', t.name, 'role', tm.role,
      'seat', tm.seat, 'seatSince', ${iso("tm.seat_since")}, 'joinedAt', ${iso("tm.joined_at")},
      'workingIn', EXISTS (SELECT 1 FROM active_teams a WHERE a.user_id = tm.user_id AND a.team_id = tm.team_id)) AS row
      FROM team_memberships tm JOIN teams t ON t.id = tm.team_id WHERE tm.user_id = ${m.id}`,
  ),
  list(
    "teamInvitations",
    (m) => sql`SELECT i.id::text AS key, json_build_object('teamId', i.team_id, 'team', t.name,
      'direction', CASE WHEN lower(i.email) = ${m.email} THEN 'received' ELSE 'sent' END,
      'email', CASE WHEN lower(i.email) = ${m.email} THEN i.email END, 'role', i.role,
      'createdAt', ${iso("i.created_at")}, 'expiresAt', ${iso("i.expires_at")}, 'acceptedAt', ${iso("i.accepted_at")},
      'revokedAt', ${iso("i.revoked_at")}) AS row
      FROM team_invitations i JOIN teams t ON t.id = i.team_id WHERE i.invited_by = ${m.id} OR lower(i.email) = ${m.email}`,
  ),
  ...LIST_SECTIONS,
  // API keys: name, visible prefix and dates. Never the key or its hash.
  list(
    "apiKeys",
    (
      m,
    ) => sql`SELECT id::text AS key, json_build_object('name', name, 'prefix', prefix, 'teamId', team_id, 'createdAt', ${iso("created_at")},
      'lastUsedAt', ${iso("last_used_at")}, 'revokedAt', ${iso("revoked_at")}) AS row FROM api_keys WHERE user_id = ${m.id}`,
  ),
  list(
    "duplicateReports",
    (m) => sql`SELECT id::text AS key, json_build_object('listingIds', json_build_array(listing_a, listing_b), 'note', note,
      'status', status, 'createdAt', ${iso("created_at")}) AS row FROM duplicate_reviews WHERE reported_by = ${m.id}`,
  ),
  list(
    "featureApplications",
    (m) => sql`SELECT id::text AS key, json_build_object('id', id, 'type', type, 'company', name, 'websiteUrl', website_url,
      'linkedinUrl', linkedin_url, 'tagline', tagline, 'description', description, 'problem', problem, 'solution', solution,
      'timing', timing, 'howItWorks', how_it_works, 'team', team, 'contactName', contact_name, 'contactEmail', contact_email,
      'hqStreet', hq_street, 'hqCity', hq_city, 'hqRegion', hq_region, 'hqPostalCode', hq_postal_code, 'phone', phone,
      'companyEmail', company_email, 'status', status, 'decisionNote', decision_note, 'listingId', listing_id,
      'ipAddress', client_address, 'createdAt', ${iso("created_at")}, 'updatedAt', ${iso("updated_at")}) AS row
      FROM feature_applications WHERE user_id = ${m.id} OR lower(contact_email) = ${m.email}`,
  ),
  list(
    "pilotApplications",
    (m) => sql`SELECT id::text AS key, json_build_object('id', id, 'company', company, 'website', website, 'stage', stage,
      'goals', goals, 'contactName', contact_name, 'contactEmail', contact_email, 'status', status,
      'createdAt', ${iso("created_at")}, 'decidedAt', ${iso("decided_at")}) AS row
      FROM pilot_applications WHERE user_id = ${m.id} OR lower(contact_email) = ${m.email}`,
  ),
  // Changes the member proposed to a listing they keep (decision 0115), as sent, with what became of them and the note
  // addressed to them; not which operator decided.
  list(
    "listingChangesProposed",
    (m) => sql`SELECT id::text AS key, json_build_object('id', id, 'listingId', listing_id, 'changes', changes, 'status', status,
      'note', note, 'createdAt', ${iso("created_at")}, 'decidedAt', ${iso("decided_at")}) AS row
      FROM listing_change_proposals WHERE proposed_by = ${m.id}`,
  ),
  // What the audit log says the member did; its details are the operators' bookkeeping and may name others, and the
  // record of an operator's action on an account is another member's id.
  list(
    "auditEntries",
    (m) => sql`SELECT id::text AS key, json_build_object('at', ${iso("timestamp")}, 'operation', operation, 'action', action,
      'source', source, 'company', company_name,
      'recordId', CASE WHEN operation = 'member_account' THEN NULL ELSE record_id END) AS row
      FROM audit_log WHERE actor_id = ${m.id}`,
  ),
  // E-mails we sent to the address: which and when. Their text holds links that are credentials, and names of others.
  list(
    "emailsSentToYou",
    (m) => sql`SELECT id::text AS key, json_build_object('kind', kind, 'status', status, 'at', ${iso("created_at")}) AS row
      FROM outbox_emails WHERE EXISTS (SELECT 1 FROM unnest("to") AS r WHERE lower(r) = ${m.email})`,
  ),
];
