// Reading and changing contacts: the list pages, one contact, the advanced search's choices, the provinces,
// the edit and the delete.
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  ContactAuditPage,
  ContactDetail,
  ContactFilterOptions,
  ContactListItem,
  ContactPage,
  MergeContacts,
  UpdateContact,
} from '@sabai/contracts';
import type { Province } from '@sabai/domain';
import { apiRequest } from '../../../lib/api-client';
import { contactSearchParams, type ContactSearch } from '../utils/contact-query';

export type { ContactDetail, ContactListItem };

export const contactsKey = ['contacts'] as const;
const PAGE_SIZE = 50;

/** GET /contacts, a page at a time (cursor pagination). */
export function useContactList(search: ContactSearch) {
  return useInfiniteQuery({
    queryKey: [...contactsKey, 'list', search],
    queryFn: ({ pageParam, signal }) => {
      const params = contactSearchParams(search);
      params.set('limit', String(PAGE_SIZE));
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<ContactPage>('GET', `/contacts?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** GET /contacts/:id: details, identities per channel and issues. */
export function useContact(id: string | null) {
  return useQuery({
    queryKey: [...contactsKey, 'one', id],
    queryFn: ({ signal }) => apiRequest<ContactDetail>('GET', `/contacts/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useContactFilterOptions() {
  return useQuery({
    queryKey: [...contactsKey, 'filter-options'],
    queryFn: ({ signal }) => apiRequest<ContactFilterOptions>('GET', '/contacts/filter-options', { signal }),
    staleTime: 60_000,
  });
}

/** GET /contacts/provinces: Thailand's 77 provinces in Thai and English. */
export function useProvinces() {
  return useQuery({
    queryKey: ['provinces'],
    queryFn: ({ signal }) => apiRequest<Province[]>('GET', '/contacts/provinces', { signal }),
    staleTime: Infinity,
  });
}

/** PUT /contacts/:id. */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateContact }) =>
      apiRequest<ContactDetail>('PUT', `/contacts/${id}`, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData([...contactsKey, 'one', saved.id], saved);
      void queryClient.invalidateQueries({ queryKey: [...contactsKey, 'list'] });
    },
  });
}

/** GET /contacts/audit: who viewed, exported, edited, deleted, merged or erased contacts (admins). */
export function useContactAudit(isOpen: boolean) {
  return useInfiniteQuery({
    queryKey: [...contactsKey, 'audit'],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ContactAuditPage>(
        'GET',
        `/contacts/audit?limit=50${pageParam ? `&cursor=${pageParam}` : ''}`,
        {
          signal,
        },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: isOpen,
  });
}

/** POST /contacts/:id/merge: `sourceId` joins the contact of the path and is removed. */
export function useMergeContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ targetId, body }: { targetId: string; body: MergeContacts }) =>
      apiRequest<ContactDetail>('POST', `/contacts/${targetId}/merge`, { body }),
    onSuccess: (merged, { body }) => {
      queryClient.setQueryData([...contactsKey, 'one', merged.id], merged);
      queryClient.removeQueries({ queryKey: [...contactsKey, 'one', body.sourceId] });
      void queryClient.invalidateQueries({ queryKey: [...contactsKey, 'list'] });
    },
  });
}

/** POST /contacts/:id/erase: the person's data is replaced, the rows reports count stay. */
export function useEraseContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('POST', `/contacts/${id}/erase`),
    // Not refetched: reading the erased contact again would be audited as one more view.
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: [...contactsKey, 'one', id] });
      void queryClient.invalidateQueries({ queryKey: [...contactsKey, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...contactsKey, 'audit'] });
    },
  });
}

/** POST /contacts/delete: one or many; nothing is deleted when one of them cannot be. */
export function useDeleteContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => apiRequest<void>('POST', '/contacts/delete', { body: { ids } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...contactsKey, 'list'] }),
  });
}
