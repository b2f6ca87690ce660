// Build-time constants of the web app.

/** Base of every API call (docs/api.md "Conventions"). */
export const API_BASE = '/api/v1';

/** Address the privacy policy gives for data-protection requests (PDPA). */
export const PRIVACY_CONTACT_EMAIL = 'privacy@sabai-inbox.com';

/** Date the privacy policy text was last changed (ISO). */
export const POLICY_UPDATED = '2026-01-15';
