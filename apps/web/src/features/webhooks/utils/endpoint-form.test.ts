import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '@sabai/contracts';
import { ApiError } from '../../../lib/api-client';
import { endpointSaveFeedback, isHttpUrl, shortUrl, toFormValues, toRequest } from './endpoint-form';

describe('the endpoint form', () => {
  it('starts a new endpoint with every event, on, and sends trimmed values', () => {
    expect(toFormValues(null)).toEqual({
      url: 'https://',
      description: '',
      events: [...WEBHOOK_EVENT_TYPES],
      enabled: true,
    });
    expect(
      toRequest({
        url: ' https://crm.example.com/in ',
        description: ' CRM ',
        events: ['issue.created'],
        enabled: false,
      }),
    ).toEqual({
      url: 'https://crm.example.com/in',
      description: 'CRM',
      events: ['issue.created'],
      enabled: false,
    });
  });

  it('takes http and https URLs only (the server checks the address)', () => {
    expect(isHttpUrl('https://crm.example.com/in')).toBe(true);
    expect(isHttpUrl('http://10.0.0.1:8080/in')).toBe(true);
    for (const text of ['https://', 'crm.example.com/in', 'ftp://example.com/', 'javascript:alert(1)'])
      expect(isHttpUrl(text), text).toBe(false);
  });

  it('shows the URL refusals under the URL and the others above the buttons', () => {
    expect(endpointSaveFeedback(new ApiError(400, 'outgoing_webhook.url_private'))).toEqual({
      field: 'url',
      message: 'errors.outgoing_webhook.url_private',
    });
    expect(endpointSaveFeedback(new ApiError(404, 'outgoing_webhook.not_found'))).toEqual({
      field: null,
      message: 'errors.outgoing_webhook.not_found',
    });
    expect(endpointSaveFeedback(new Error('offline')).message).toBe('common.error.update');
  });

  it('shortens a URL for titles', () => {
    expect(shortUrl('https://crm.example.com/in')).toBe('crm.example.com/in');
    expect(shortUrl(`https://example.com/${'a'.repeat(80)}`)).toHaveLength(60);
  });
});
