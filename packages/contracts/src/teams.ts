import { z } from 'zod';
import { ASSIGNMENT_METHODS, ASSIGNMENT_MODES, MANAGER_WORKING_TYPES } from '@sabai/domain';
import { Hhmm, listQuerySchema, pageSchema, PersonSchema } from './lists';

/** A team for selects (channel, tag, user and auto-assignment forms): GET /teams/options. */
export const TeamSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  managerUserId: z.string().nullable(),
});
export type TeamSummary = z.infer<typeof TeamSummarySchema>;
export const TeamSummaryListSchema = z.array(TeamSummarySchema);

const Text = (max: number) => z.string().trim().min(1).max(max);

/** One member's working shift in a team (every field required). */
export const TeamMemberInputSchema = z.object({
  userId: z.uuid(),
  workStart: Hhmm,
  workStop: Hhmm,
  breakStart: Hhmm,
  breakStop: Hhmm,
  /** ISO weekdays, 1 = Monday … 7 = Sunday (the member's working days). */
  workingDays: z
    .array(z.number().int().min(1).max(7))
    .min(1)
    .max(7)
    .refine((d) => new Set(d).size === d.length, 'each day once'),
});
export type TeamMemberInput = z.infer<typeof TeamMemberInputSchema>;

/** Create and edit body of a team. Members may be empty here so the service answers `team.member_required`. */
export const SaveTeamSchema = z.object({
  name: Text(100),
  managerUserId: z.uuid(),
  autoReplyMessage: Text(2000),
  managerWorkingType: z.enum(MANAGER_WORKING_TYPES),
  members: z.array(TeamMemberInputSchema).max(500),
});
export type SaveTeam = z.infer<typeof SaveTeamSchema>;

export const TEAM_SORTS = ['name', 'createdAt', 'memberCount'] as const;
export const TeamListQuerySchema = listQuerySchema(TEAM_SORTS);

/** A row of the team settings table, with what the caller may do to it. */
export const TeamListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  manager: PersonSchema.nullable(),
  memberCount: z.number().int(),
  managerWorkingType: z.enum(MANAGER_WORKING_TYPES),
  assignmentMode: z.enum(ASSIGNMENT_MODES),
  assignmentMethod: z.enum(ASSIGNMENT_METHODS),
  createdAt: z.string(),
  canUpdate: z.boolean(),
  canDelete: z.boolean(),
});
export type TeamListItem = z.infer<typeof TeamListItemSchema>;
export const TeamPageSchema = pageSchema(TeamListItemSchema);

export const TeamMemberSchema = PersonSchema.extend({
  userId: z.string(),
  workStart: z.string(),
  workStop: z.string(),
  breakStart: z.string(),
  breakStop: z.string(),
  workingDays: z.array(z.number().int()),
  /** Whether the member is online or offline. */
  availability: z.enum(['online', 'offline']),
  isOnTimeOff: z.boolean(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamSchema = TeamListItemSchema.extend({
  managerUserId: z.string().nullable(),
  autoReplyMessage: z.string(),
  members: z.array(TeamMemberSchema),
  updatedAt: z.string(),
});
export type Team = z.infer<typeof TeamSchema>;

/** A user who can be picked as a team's manager or member (GET /teams/member-options). */
export const MemberOptionSchema = PersonSchema.extend({ roleName: z.string() });
export const MemberOptionListSchema = z.array(MemberOptionSchema);

// --- availability and time off -------------------------------------------------------------------------

export const AvailabilitySchema = z.object({
  availability: z.enum(['online', 'offline']),
  /** An approved time-off request covers now. */
  isOnTimeOff: z.boolean(),
  /**
   * Whether the caller is a member of the organisation they work in: a super admin visiting another
   * organisation is not, has no availability there (offline, unchangeable) and sees no switch.
   */
  isMember: z.boolean(),
});
export type AvailabilityState = z.infer<typeof AvailabilitySchema>;
export const SetAvailabilitySchema = z.object({ availability: z.enum(['online', 'offline']) });

export const RequestTimeOffSchema = z.object({
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  reason: z.string().trim().max(500).default(''),
  /** The team whose manager decides; defaults to the requester's first team. */
  teamId: z.uuid().optional(),
});
export type RequestTimeOff = z.infer<typeof RequestTimeOffSchema>;

export const TIME_OFF_STATUSES = ['pending', 'approved', 'declined'] as const;
export const TimeOffRequestSchema = z.object({
  id: z.string(),
  user: PersonSchema,
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  reason: z.string(),
  status: z.enum(TIME_OFF_STATUSES),
  decidedBy: PersonSchema.nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  canDecide: z.boolean(),
});
export type TimeOffRequest = z.infer<typeof TimeOffRequestSchema>;
export const TIME_OFF_SORTS = ['createdAt', 'startsAt'] as const;
export const TimeOffListQuerySchema = listQuerySchema(TIME_OFF_SORTS).extend({
  status: z.enum(TIME_OFF_STATUSES).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export const TimeOffPageSchema = pageSchema(TimeOffRequestSchema);
