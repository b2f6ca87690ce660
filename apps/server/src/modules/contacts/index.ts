// What other modules may use of contacts.
/** Contact list, search, detail, edit, delete, export and the audit log of personal data. */
export { contactRoutes } from './contacts.routes';
