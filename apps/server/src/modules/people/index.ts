// What other modules may use of people: how a user appears in lists, apart from the users module (which
// manages accounts and hands a leaving user's issues over) so the modules that show people need not
// depend on user management.
/** How lists present a user (display name, profile path). */
export { displayNameOf, presentPerson } from './present-person';
/** Who counts as an active member of an organisation (a condition over memberships joined to users). */
export { activeMemberOf, membershipUser } from './active-members';
/** Whether a user was removed from the organisation ("Name (deleted)"). */
export { wasRemovedSql } from './removed-members';
