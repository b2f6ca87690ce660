// Choosing the agent of a new issue.

export const ASSIGNMENT_MODES = ['manual', 'auto'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];
export const ASSIGNMENT_METHODS = ['round_robin', 'least_contact'] as const;
export type AssignmentMethod = (typeof ASSIGNMENT_METHODS)[number];

export type Candidate = { userId: string; openIssues: number };

/**
 * The next agent after `lastAssignedUserId` in a fixed rotation (ids in ascending order, wrapping). The
 * rotation is by id rather than by position so that it stays fair when agents join, leave, go on break or
 * come back: whoever is eligible, the one "after" the last assignee comes next.
 */
export function nextInRotation(userIds: readonly string[], lastAssignedUserId: string | null): string | null {
  if (userIds.length === 0) return null;
  const sorted = [...userIds].sort();
  if (lastAssignedUserId === null) return sorted[0]!;
  return sorted.find((id) => id > lastAssignedUserId) ?? sorted[0]!;
}

/**
 * Picks the agent: round robin takes the next in the rotation; least contact takes the agent with the
 * fewest open issues, ties broken by the rotation.
 */
export function chooseAgent(
  method: AssignmentMethod,
  candidates: readonly Candidate[],
  lastAssignedUserId: string | null,
): string | null {
  if (candidates.length === 0) return null;
  if (method === 'round_robin') {
    return nextInRotation(
      candidates.map((c) => c.userId),
      lastAssignedUserId,
    );
  }
  const fewest = Math.min(...candidates.map((c) => c.openIssues));
  return nextInRotation(
    candidates.filter((c) => c.openIssues === fewest).map((c) => c.userId),
    lastAssignedUserId,
  );
}
