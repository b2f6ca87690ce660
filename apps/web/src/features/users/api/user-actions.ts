import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteUser, UpdateUser, User } from '@sabai/contracts';
import type { Language } from '@sabai/i18n';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { usersQueryKey } from './get-users';

/**
 * POST /users: an invitation mailed with a set-password link. 409 user.email_taken, 403 user.plan_limit,
 * 502 user.generate_link_failed, 404 user.role_not_found or team.not_found, 400 validation.failed.
 */
export function inviteUser(body: InviteUser): Promise<User> {
  return api(routes.users.create, { body });
}

/** PUT /users/:id: 409 user.username_taken or user.in_other_team, 403 user.cannot_change_own_role. */
export function updateUser({ id, body }: { id: string; body: UpdateUser }): Promise<User> {
  return api(routes.users.update, { params: { id }, body });
}

/** PUT /users/:id/image (multipart `file`, an image of at most 5 MB). */
export function updateUserImage({ id, file }: { id: string; file: File }): Promise<User> {
  const form = new FormData();
  form.append('file', file);
  return api(routes.users.updateImage, { params: { id }, body: form });
}

export type UserAction = 'deactivate' | 'activate' | 'delete' | 'resend';

/** The row actions: POST deactivate / activate / resend-invitation, DELETE. */
export function runUserAction({
  id,
  action,
  lang,
}: {
  id: string;
  action: UserAction;
  lang: Language;
}): Promise<unknown> {
  switch (action) {
    case 'deactivate':
      return api(routes.users.deactivate, { params: { id } });
    case 'activate':
      return api(routes.users.activate, { params: { id } });
    case 'resend':
      return api(routes.users.resendInvitation, { params: { id }, body: { lang } });
    case 'delete':
      return api(routes.users.delete, { params: { id } });
  }
}

function useUserMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}

export const useInviteUser = () => useUserMutation(inviteUser);
export const useUpdateUser = () => useUserMutation(updateUser);
export const useUpdateUserImage = () => useUserMutation(updateUserImage);
export const useUserAction = () => useUserMutation(runUserAction);

/** GET /users/:id/open-issues: what must be handed over before the user can be deleted. */
export function useOpenIssues(id: string | null) {
  return useQuery({
    queryKey: [...usersQueryKey, 'open-issues', id],
    queryFn: ({ signal }) => api(routes.users.openIssues, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/**
 * POST /users/:id/hand-over then DELETE /users/:id: the open issues go to another agent or (null) back to
 * their team queues first. 409 user.hand_over_target_not_in_team or user.hand_over_team_empty.
 */
export async function handOverAndDelete({ id, toUserId }: { id: string; toUserId: string | null }) {
  await api(routes.users.handOver, { params: { id }, body: { toUserId } });
  await api(routes.users.delete, { params: { id } });
}

export const useHandOverAndDelete = () => useUserMutation(handOverAndDelete);
