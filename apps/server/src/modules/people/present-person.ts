import type { Person } from '@sabai/contracts';
import type { FileLinks } from '../../platform/file-links';
import { profilePathOf } from '../auth';

type PersonRow = {
  id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  avatarFileId: string | null;
};

/** A user's display name: first and last name, else the username. */
export const displayNameOf = (u: { firstName: string; lastName: string; username: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.username;

/** A person as lists show them; null for a missing (left-joined) user. */
export function presentPerson(links: FileLinks, row: PersonRow | null | undefined): Person | null {
  if (!row?.id) return null;
  return {
    id: row.id,
    displayName: displayNameOf(row),
    email: row.email,
    profilePath: profilePathOf(links, row.avatarFileId),
  };
}
