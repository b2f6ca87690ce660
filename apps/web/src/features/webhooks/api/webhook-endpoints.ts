import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  routes,
  type CreatedWebhookEndpoint,
  type SaveWebhookEndpoint,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookSecret,
} from '@sabai/contracts';
import { api } from '../../../lib/api';

export type { CreatedWebhookEndpoint, SaveWebhookEndpoint, WebhookDelivery, WebhookEndpoint };

export const webhookEndpointsQueryKey = ['webhook-endpoints'] as const;
const deliveriesKey = (endpointId: string) =>
  [...webhookEndpointsQueryKey, endpointId, 'deliveries'] as const;

/** GET /webhook-endpoints: the organisation's endpoints, oldest first, each with its latest delivery. */
export function getWebhookEndpoints(signal?: AbortSignal): Promise<WebhookEndpoint[]> {
  return api(routes.outgoingWebhooks.list, { signal });
}

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhookEndpointsQueryKey,
    queryFn: ({ signal }) => getWebhookEndpoints(signal),
    // The latest delivery and the status move on their own (deliveries, a failing endpoint turned off).
    refetchInterval: 30_000,
  });
}

export type SaveEndpointInput = { id: string | null; body: SaveWebhookEndpoint };

/**
 * POST /webhook-endpoints (the answer carries the signing secret, the only time besides a rotation) or
 * PUT /webhook-endpoints/:id. 400 outgoing_webhook.url_invalid, url_private, url_unresolvable,
 * validation.failed; 404 outgoing_webhook.not_found.
 */
export function saveWebhookEndpoint({
  id,
  body,
}: SaveEndpointInput): Promise<WebhookEndpoint | CreatedWebhookEndpoint> {
  return id
    ? api(routes.outgoingWebhooks.update, { params: { id }, body })
    : api(routes.outgoingWebhooks.create, { body });
}

export function useSaveWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWebhookEndpoint,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
  });
}

/** DELETE /webhook-endpoints/:id (204), with its delivery log. */
export function deleteWebhookEndpoint(id: string): Promise<void> {
  return api(routes.outgoingWebhooks.delete, { params: { id } });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhookEndpoint,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
  });
}

/** POST /webhook-endpoints/:id/rotate-secret: the new secret, in force at once. */
export function rotateWebhookSecret(id: string): Promise<WebhookSecret> {
  return api(routes.outgoingWebhooks.rotateSecret, { params: { id } });
}

export function useRotateWebhookSecret() {
  return useMutation({ mutationFn: rotateWebhookSecret });
}

const DELIVERIES_PAGE = 20;
/** How often an open log is read again while something in it is still to be sent. */
const PENDING_REFRESH_MS = 3_000;

/** GET /webhook-endpoints/:id/deliveries: one page, newest first, from `cursor` on. */
export function getWebhookDeliveries(
  endpointId: string,
  status: WebhookDeliveryStatus | null,
  cursor: number | null,
  signal?: AbortSignal,
): Promise<WebhookDeliveryPage> {
  return api(routes.outgoingWebhooks.deliveries, {
    params: { id: endpointId },
    query: { limit: DELIVERIES_PAGE, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) },
    signal,
  });
}

/** An endpoint's deliveries a page at a time ("Load more"), read again while any is pending. */
export function useWebhookDeliveries(endpointId: string, status: WebhookDeliveryStatus | null) {
  return useInfiniteQuery({
    queryKey: [...deliveriesKey(endpointId), status],
    queryFn: ({ pageParam, signal }) => getWebhookDeliveries(endpointId, status, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((d) => d.status === 'pending'))
        ? PENDING_REFRESH_MS
        : false,
  });
}

/** POST /webhook-endpoints/:id/deliveries/:deliveryId/resend (202): sent again now; 409 when disabled. */
export function resendWebhookDelivery(input: {
  endpointId: string;
  deliveryId: number;
}): Promise<WebhookDelivery> {
  return api(routes.outgoingWebhooks.resend, {
    params: { id: input.endpointId, deliveryId: input.deliveryId },
  });
}

export function useResendWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendWebhookDelivery,
    onSuccess: (_, { endpointId }) =>
      void queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) }),
  });
}
