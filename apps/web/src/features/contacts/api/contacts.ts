// Reading and changing contacts: the list pages, one contact, the advanced search's choices, the provinces,
// the edit and the delete.
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ContactDetail, ContactListItem, MergeContacts, UpdateContact } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { contactQuery, type ContactSearch } from '../utils/contact-query';

export type { ContactDetail, ContactListItem };

export const contactsKey = ['contacts'] as const;
const PAGE_SIZE = 50;

/** GET /contacts, a page at a time (cursor pagination). */
export function useContactList(search: ContactSearch) {
  return useInfiniteQuery({
    queryKey: [...contactsKey, 'list', search],
    queryFn: ({ pageParam, signal }) =>
      api(routes.contacts.list, {
        query: { ...contactQuery(search), limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** GET /contacts/:id: details, identities per channel and issues. */
export function useContact(id: string | null) {
  return useQuery({
    queryKey: [...contactsKey, 'one', id],
    queryFn: ({ signal }) => api(routes.contacts.get, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

export function useContactFilterOptions() {
  return useQuery({
    queryKey: [...contactsKey, 'filter-options'],
    queryFn: ({ signal }) => api(routes.contacts.filterOptions, { signal }),
    staleTime: 60_000,
  });
}

/** GET /contacts/provinces: Thailand's 77 provinces in Thai and English. */
export function useProvinces() {
  return useQuery({
    queryKey: ['provinces'],
    queryFn: ({ signal }) => api(routes.contacts.provinces, { signal }),
    staleTime: Infinity,
  });
}

/** PUT /contacts/:id. */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateContact }) =>
      api(routes.contacts.update, { params: { id }, body }),
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
      api(routes.contacts.audit, {
        query: { limit: 50, cursor: pageParam ? Number(pageParam) : undefined },
        signal,
      }),
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
      api(routes.contacts.merge, { params: { id: targetId }, body }),
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
    mutationFn: (id: string) => api(routes.contacts.erase, { params: { id } }),
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
    mutationFn: (ids: string[]) => api(routes.contacts.deleteMany, { body: { ids } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...contactsKey, 'list'] }),
  });
}
