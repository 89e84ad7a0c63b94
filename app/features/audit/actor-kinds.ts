/** Who acted, as the audit views filter it (decision 0093): pure, shared by the server's query and the views. */
export const ACTOR_KINDS = ["all", "people", "machine"] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

export const ACTOR_KIND_LABEL: Record<ActorKind, string> = { all: "Everyone", people: "People", machine: "Machines and jobs" };
