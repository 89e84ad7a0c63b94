/**
 * What an operator does to a member at /admin/members/:id (decision 0081), each in one transaction with its audit entry
 * (operation `member_account`, the member's id as the record, the operator as the actor): a complimentary plan given
 * until a day or taken back, the member's tier decided again by billing's one function (refreshMemberTierIn) in the
 * same transaction, so the next request anywhere reads it; and the account disabled (signed out everywhere at once,
 * no way to sign in) or enabled again.
 */
import { and, eq, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { sessions, users } from "#db/schema/accounts.ts";
import { tierGrants } from "#db/schema/billing.ts";
import { refreshMemberTierIn, type MemberTier, type Tx } from "~/features/access/member-tier.server.ts";
import type { SoldTier } from "~/features/access/plan-catalogue.ts";
import { recordAudit, type AuditOperation } from "~/features/audit/audit-log.server.ts";
import { underLock } from "~/lib/atomic-limit.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";

export const MEMBER_AUDIT_OPERATION = "member_account" satisfies AuditOperation;

interface Operator {
  id: string;
}

/** The member's row, locked for the change; a missing member is a 404 with a message. */
async function lockMember(tx: Tx, memberId: string) {
  const [member] = await tx
    .select({ id: users.id, email: users.email, role: users.role, emailVerified: users.emailVerified, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, memberId))
    .for("update");
  if (!member) notFound("No such member: they may have deleted their account.");
  return member;
}

const audit = (tx: Tx, operator: Operator, memberId: string, action: string, details: Record<string, unknown>) =>
  recordAudit(tx, { operation: MEMBER_AUDIT_OPERATION, source: "admin", action, recordId: memberId, actorId: operator.id, details });

export interface ComplimentaryGrant {
  tier: SoldTier;
  /** When it ends (midnight UTC after the chosen day). */
  endsAt: Date;
  reason: string;
}

/**
 * Gives the member a complimentary plan until `endsAt` (replacing one they had), and decides their tier: the best of
 * it and whatever else they hold, so a paid Premium is not lowered by a Subscriber gift.
 */
export async function grantComplimentary(
  database: Database,
  operator: Operator,
  memberId: string,
  grant: ComplimentaryGrant,
  now: Date,
): Promise<MemberTier> {
  return database.db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const values = { tier: grant.tier, startsAt: now, endsAt: grant.endsAt, grantedBy: operator.id, note: grant.reason };
    await tx
      .insert(tierGrants)
      .values({ userId: memberId, source: "complimentary", ...values })
      .onConflictDoUpdate({ target: [tierGrants.userId, tierGrants.source], set: values });
    const decided = await refreshMemberTierIn(tx, memberId, now);
    await audit(tx, operator, memberId, "plan_granted", {
      tier: grant.tier,
      endsAt: grant.endsAt.toISOString(),
      reason: grant.reason,
      tierInForce: decided.tier,
    });
    return decided;
  });
}

/** Takes back the member's complimentary plan and decides their tier again. */
export async function revokeComplimentary(
  database: Database,
  operator: Operator,
  memberId: string,
  reason: string,
  now: Date,
): Promise<MemberTier> {
  return database.db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const [taken] = await tx
      .delete(tierGrants)
      .where(and(eq(tierGrants.userId, memberId), eq(tierGrants.source, "complimentary")))
      .returning({ tier: tierGrants.tier, endsAt: tierGrants.endsAt });
    if (!taken) throw new AppError("conflict", "This member has no complimentary plan to take back.");
    const decided = await refreshMemberTierIn(tx, memberId, now);
    await audit(tx, operator, memberId, "grant_revoked", {
      tier: taken.tier,
      endsAt: taken.endsAt?.toISOString() ?? null,
      reason: reason || null,
      tierInForce: decided.tier,
    });
    return decided;
  });
}

/** Admins as getSessionUser decides them: the role, or a verified address in ADMIN_EMAILS. */
function adminCondition(): SQL {
  const byAddress = getEnv().ADMIN_EMAILS;
  const addressed = byAddress.length ? and(eq(users.emailVerified, true), inArray(sql`lower(${users.email})`, byAddress)) : undefined;
  return (addressed ? or(eq(users.role, "admin"), addressed) : eq(users.role, "admin"))!;
}

function isAdmin(member: { role: string; email: string; emailVerified: boolean }): boolean {
  return member.role === "admin" || (member.emailVerified && getEnv().ADMIN_EMAILS.includes(member.email.toLowerCase()));
}

/** Every admin action that could leave no admin takes this lock, so two admins disabling each other take turns. */
const ADMINS_LOCK = "members:enabled-admins";

/**
 * Disables the account: it is marked, and every session of it ends in the same transaction, so its next request on any
 * server is a visitor's. Its listings, requests and data stay as they are. An operator cannot disable themselves, and no
 * one can disable the last enabled admin.
 */
export async function disableMember(database: Database, operator: Operator, memberId: string, reason: string, now: Date): Promise<void> {
  if (memberId === operator.id) throw new AppError("conflict", "You cannot disable your own account.");
  await underLock(database, ADMINS_LOCK, async (locked) => {
    const tx = locked.db as unknown as Tx;
    const member = await lockMember(tx, memberId);
    if (member.disabledAt) throw new AppError("conflict", "This account is disabled already.");
    if (isAdmin(member)) {
      const [others] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(and(adminCondition(), isNull(users.disabledAt), ne(users.id, memberId)));
      if (!others?.n) throw new AppError("conflict", "This is the last admin who can sign in: make someone else an admin first.");
    }
    await tx.update(users).set({ disabledAt: now }).where(eq(users.id, memberId));
    const ended = await tx.delete(sessions).where(eq(sessions.userId, memberId)).returning({ id: sessions.id });
    await audit(tx, operator, memberId, "disabled", { reason, sessionsEnded: ended.length });
  });
}

/** Lets the account sign in again (its password, providers and keys work as before). */
export async function enableMember(database: Database, operator: Operator, memberId: string, reason: string, _now: Date): Promise<void> {
  await database.db.transaction(async (tx) => {
    const member = await lockMember(tx, memberId);
    if (!member.disabledAt) throw new AppError("conflict", "This account is not disabled.");
    await tx.update(users).set({ disabledAt: null }).where(eq(users.id, memberId));
    await audit(tx, operator, memberId, "enabled", { reason: reason || null, disabledSince: member.disabledAt.toISOString() });
  });
}
