// Changing issues: note and status, assignment (taking one too), transfer, asking the manager to close, tags,
// read marker. Each answers the issue as it is now; the cache takes it and the lists refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignIssue, IssueDetail, TransferIssue, UpdateIssue } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { issueKey, issuesKey } from './issues';

function useIssueMutation<Input>(call: (input: Input) => Promise<IssueDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (issue) => {
      queryClient.setQueryData(issueKey(issue.id), issue);
      void queryClient.invalidateQueries({ queryKey: issuesKey });
    },
  });
}

export const useUpdateIssue = (id: number) =>
  useIssueMutation((body: UpdateIssue) => api(routes.issues.update, { params: { id }, body }));

export const useAssignIssue = (id: number) =>
  useIssueMutation((body: AssignIssue) => api(routes.issues.assign, { params: { id }, body }));

/** "Assign to me": the caller takes the issue. */
export const useTakeIssue = (id: number) =>
  useIssueMutation(() => api(routes.issues.take, { params: { id } }));

/** "Take next": answers the issue the caller was given, the oldest waiting in their teams. */
export const useTakeNext = () => useIssueMutation(() => api(routes.issues.takeNext));

/** Answers the new issue the transfer opened. */
export const useTransferIssue = (id: number) =>
  useIssueMutation((body: TransferIssue) => api(routes.issues.transfer, { params: { id }, body }));

export const useRequestClose = (id: number) =>
  useIssueMutation(() => api(routes.issues.requestClose, { params: { id } }));

/** Moves an issue by status from the kanban (any issue id). */
export function useMoveIssue() {
  return useIssueMutation(({ id, status }: { id: number; status: IssueDetail['status'] }) =>
    api(routes.issues.update, { params: { id }, body: { kind: 'status', status } }),
  );
}

export function useSetIssueTags(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tagIds: string[]) => api(routes.tags.setOfIssue, { params: { id }, body: { tagIds } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: issuesKey }),
  });
}

/** Mutes the issue for the caller (its customer's messages bring them no notification), or unmutes it. */
export function useSetMuted(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // A read of the issue already under way (the socket's open refetches it) would answer with the old
    // switch after ours: it is cancelled first, and the issue read again once the change is done.
    onMutate: () => queryClient.cancelQueries({ queryKey: issueKey(id) }),
    mutationFn: (muted: boolean) =>
      api(muted ? routes.issues.mute : routes.issues.unmute, { params: { id } }),
    onSuccess: (_, muted) =>
      queryClient.setQueryData<IssueDetail>(issueKey(id), (issue) => issue && { ...issue, muted }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: issueKey(id) }),
  });
}
