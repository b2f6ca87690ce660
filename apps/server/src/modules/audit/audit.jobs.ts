import { z } from 'zod';
import { defineJob } from '../../platform/jobs';

/** Once a day: entries past their organisation's retention period are deleted. */
export const AUDIT_PURGE_JOB = defineJob('audit.purge', z.object({}), {
  retryLimit: 1,
  expireInSeconds: 3600,
});
