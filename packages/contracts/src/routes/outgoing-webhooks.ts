import { z } from 'zod';
import {
  CreatedWebhookEndpointSchema,
  SaveWebhookEndpointSchema,
  WebhookDeliveryPageSchema,
  WebhookDeliveryQuerySchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookSecretSchema,
} from '../outgoing-webhooks';
import { defineRoutes } from './route';
import { UuidParams } from './params';

const tag = 'outgoing-webhooks';
// The organisation's administrators, like the audit log: whoever may manage every user.
const admin = { resource: 'user', action: 'update', scopes: ['all'] } as const;
const audit = { area: 'webhook' } as const;
const DeliveryParams = UuidParams.extend({
  deliveryId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const outgoingWebhookRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/webhook-endpoints',
    tag,
    responses: { 200: z.array(WebhookEndpointSchema) },
    access: admin,
  },
  get: {
    method: 'GET',
    path: '/webhook-endpoints/:id',
    tag,
    params: UuidParams,
    responses: { 200: WebhookEndpointSchema },
    access: admin,
  },
  /**
   * 400 outgoing_webhook.url_invalid (not http or https, or with credentials), url_private (a loopback,
   * link-local or private address) or url_unresolvable. The answer is the only one with the secret.
   */
  create: {
    method: 'POST',
    path: '/webhook-endpoints',
    tag,
    body: SaveWebhookEndpointSchema,
    responses: { 201: CreatedWebhookEndpointSchema },
    access: admin,
    audit,
  },
  update: {
    method: 'PUT',
    path: '/webhook-endpoints/:id',
    tag,
    params: UuidParams,
    body: SaveWebhookEndpointSchema,
    responses: { 200: WebhookEndpointSchema },
    access: admin,
    audit,
  },
  delete: {
    method: 'DELETE',
    path: '/webhook-endpoints/:id',
    tag,
    params: UuidParams,
    responses: {},
    access: admin,
    audit,
  },
  /** A new signing secret, in force at once; the old one signs nothing more. */
  rotateSecret: {
    method: 'POST',
    path: '/webhook-endpoints/:id/rotate-secret',
    tag,
    params: UuidParams,
    responses: { 200: WebhookSecretSchema },
    access: admin,
    audit: { ...audit, action: 'rotate_secret' },
  },
  deliveries: {
    method: 'GET',
    path: '/webhook-endpoints/:id/deliveries',
    tag,
    params: UuidParams,
    query: WebhookDeliveryQuerySchema,
    responses: { 200: WebhookDeliveryPageSchema },
    access: admin,
  },
  /** Sends the delivery's event again now (a new series of retries); 409 outgoing_webhook.disabled. */
  resend: {
    method: 'POST',
    path: '/webhook-endpoints/:id/deliveries/:deliveryId/resend',
    tag,
    params: DeliveryParams,
    responses: { 202: WebhookDeliverySchema },
    access: admin,
    audit: { ...audit, action: 'resend' },
  },
});
