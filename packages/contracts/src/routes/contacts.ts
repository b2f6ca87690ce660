import {
  ContactAuditPageSchema,
  ContactAuditQuerySchema,
  ContactDetailSchema,
  ContactExportQuerySchema,
  ContactFilterOptionsSchema,
  ContactListQuerySchema,
  ContactPageSchema,
  DeleteContactsSchema,
  MergeContactsSchema,
  PersonExportQuerySchema,
  ProvinceListSchema,
  UpdateContactSchema,
} from '../contacts';
import { defineRoutes } from './route';
import { UuidParams } from './params';

const tag = 'contacts';
// /contacts: scope all or myChannel.
const can = (action: 'view' | 'update' | 'delete') =>
  ({ resource: 'contact', action, scopes: ['all', 'myChannel'] }) as const;
// The audit log of personal data is for the organisation's admins: whoever may delete any contact.
const admin = { resource: 'contact', action: 'delete', scopes: ['all'] } as const;

export const contactRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/contacts',
    tag,
    query: ContactListQuerySchema,
    responses: { 200: ContactPageSchema },
    access: can('view'),
  },
  provinces: {
    method: 'GET',
    path: '/contacts/provinces',
    tag,
    responses: { 200: ProvinceListSchema },
    access: can('view'),
  },
  filterOptions: {
    method: 'GET',
    path: '/contacts/filter-options',
    tag,
    responses: { 200: ContactFilterOptionsSchema },
    access: can('view'),
  },
  audit: {
    method: 'GET',
    path: '/contacts/audit',
    tag,
    query: ContactAuditQuerySchema,
    responses: { 200: ContactAuditPageSchema },
    access: admin,
  },
  exportList: {
    method: 'GET',
    path: '/contacts/export',
    tag,
    query: ContactExportQuerySchema,
    responses: {},
    file: true,
    access: can('view'),
    audit: { area: 'export', action: 'export' },
  },
  exportPerson: {
    method: 'GET',
    path: '/contacts/:id/export',
    tag,
    params: UuidParams,
    query: PersonExportQuerySchema,
    responses: {},
    file: true,
    access: can('view'),
    audit: { area: 'contact', action: 'export' },
  },
  get: {
    method: 'GET',
    path: '/contacts/:id',
    tag,
    params: UuidParams,
    responses: { 200: ContactDetailSchema },
    access: can('view'),
  },
  update: {
    method: 'PUT',
    path: '/contacts/:id',
    tag,
    params: UuidParams,
    body: UpdateContactSchema,
    responses: { 200: ContactDetailSchema },
    access: can('update'),
    audit: { area: 'contact' },
  },
  merge: {
    method: 'POST',
    path: '/contacts/:id/merge',
    tag,
    params: UuidParams,
    body: MergeContactsSchema,
    responses: { 200: ContactDetailSchema },
    access: can('update'),
    audit: { area: 'contact', action: 'merge' },
  },
  erase: {
    method: 'POST',
    path: '/contacts/:id/erase',
    tag,
    params: UuidParams,
    responses: {},
    access: admin,
    audit: { area: 'contact', action: 'erase' },
  },
  delete: {
    method: 'DELETE',
    path: '/contacts/:id',
    tag,
    params: UuidParams,
    responses: {},
    access: can('delete'),
    audit: { area: 'contact' },
  },
  deleteMany: {
    method: 'POST',
    path: '/contacts/delete',
    tag,
    body: DeleteContactsSchema,
    responses: {},
    access: can('delete'),
    audit: { area: 'contact', action: 'delete' },
  },
});
