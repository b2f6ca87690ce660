// Changing issues: note and status, assignment, transfer, asking the manager to close, tags, read marker.
// Each answers the issue as it is now; the cache takes it and the lists refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignIssue, IssueDetail, TransferIssue, UpdateIssue } from '@sabai/contracts';
import { apiRequest } from '../../../lib/api-client';
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
  useIssueMutation((body: UpdateIssue) => apiRequest<IssueDetail>('PATCH', `/issues/${id}`, { body }));

export const useAssignIssue = (id: number) =>
  useIssueMutation((body: AssignIssue) => apiRequest<IssueDetail>('PUT', `/issues/${id}/assignee`, { body }));

/** Answers the new issue the transfer opened. */
export const useTransferIssue = (id: number) =>
  useIssueMutation((body: TransferIssue) =>
    apiRequest<IssueDetail>('POST', `/issues/${id}/transfer`, { body }),
  );

export const useRequestClose = (id: number) =>
  useIssueMutation(() => apiRequest<IssueDetail>('POST', `/issues/${id}/request-close`));

/** Moves an issue by status from the kanban (any issue id). */
export function useMoveIssue() {
  return useIssueMutation(({ id, status }: { id: number; status: IssueDetail['status'] }) =>
    apiRequest<IssueDetail>('PATCH', `/issues/${id}`, { body: { kind: 'status', status } }),
  );
}

export function useSetIssueTags(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tagIds: string[]) => apiRequest('PUT', `/issues/${id}/tags`, { body: { tagIds } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: issuesKey }),
  });
}

export function markIssueRead(id: number): Promise<void> {
  return apiRequest<void>('POST', `/issues/${id}/read`);
}
