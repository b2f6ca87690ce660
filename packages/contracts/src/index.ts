// zod schemas of every request, response and error: they validate on the server, shape what leaves it,
// generate the OpenAPI document and type the web client.
export * from './common';
export * from './errors';
export * from './auth';
export * from './me';
export * from './organizations';
export * from './roles';
export * from './messages';
export * from './comments';
export * from './channels';
export * from './line-quota';
export * from './teams';
export * from './lists';
export * from './users';
export * from './assignment';
export * from './canned-responses';
export * from './tags';
export * from './issues';
export * from './notifications';
export * from './live-events';
export * from './notice-texts';
export * from './contacts';
export * from './reports';
export * from './audit';
export * from './csat';
export * from './sla';
export * from './routes';
