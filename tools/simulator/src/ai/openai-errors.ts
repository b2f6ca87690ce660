// OpenAI's error envelope `{ error: { message, type, param, code } }` and the errors the fake model endpoint
// answers, with the messages, types and codes OpenAI sends (API reference, "Error codes").
import { json } from '../http/router';
import type { SimResponse } from '../http/router';

/** The `error` object of every OpenAI error response. */
export interface OpenAiError {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

/** An OpenAI error response. */
export function openAiError(
  status: number,
  error: OpenAiError,
  headers?: Record<string, string>,
): SimResponse {
  return json(status, { error }, headers);
}

const invalidRequest = (message: string, param: string | null = null, code: string | null = null) => ({
  message,
  type: 'invalid_request_error',
  param,
  code,
});

/** What a JSON value is, in the words of OpenAI's "Invalid type" messages. */
function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Shows only the ends of a long key (`sk-proj-****…MxYA`), as OpenAI does; a short one not at all. */
function maskKey(key: string): string {
  if (key.length < 20) return '*'.repeat(key.length);
  return `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}`;
}

export const OpenAiErrors = {
  missingKey: (): OpenAiError =>
    invalidRequest(
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (with blank username) if you're accessing the API from your browser and are prompted for a username and password. You can obtain an API key from https://platform.openai.com/account/api-keys.",
    ),
  invalidKey: (key: string): OpenAiError =>
    invalidRequest(
      `Incorrect API key provided: ${maskKey(key)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
      null,
      'invalid_api_key',
    ),
  modelNotFound: (model: string): OpenAiError =>
    invalidRequest(
      `The model \`${model}\` does not exist or you do not have access to it.`,
      null,
      'model_not_found',
    ),
  invalidUrl: (method: string, path: string): OpenAiError =>
    invalidRequest(`Invalid URL (${method} ${path})`),
  invalidJson: (): OpenAiError =>
    invalidRequest(
      "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
    ),
  missingModel: (): OpenAiError => invalidRequest('you must provide a model parameter'),
  missingParameter: (param: string): OpenAiError =>
    invalidRequest(`Missing required parameter: '${param}'.`, param, 'missing_required_parameter'),
  invalidType: (param: string, expected: string, value: unknown): OpenAiError =>
    invalidRequest(
      `Invalid type for '${param}': expected ${expected}, but got ${typeName(value)} instead.`,
      param,
      'invalid_type',
    ),
  emptyArray: (param: string): OpenAiError =>
    invalidRequest(
      `Invalid '${param}': empty array. Expected an array with minimum length 1, but got an empty array instead.`,
      param,
      'empty_array',
    ),
  invalidRole: (param: string, value: unknown): OpenAiError =>
    invalidRequest(
      `Invalid value: '${String(value)}'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.`,
      param,
      'invalid_value',
    ),
  tooLarge: (): OpenAiError => invalidRequest('The request body is too large.'),
  rateLimited: (): OpenAiError => ({
    message: 'Rate limit reached for requests. Please try again later.',
    type: 'requests',
    param: null,
    code: 'rate_limit_exceeded',
  }),
  serverError: (): OpenAiError => ({
    message:
      'The server had an error while processing your request. Sorry about that! You can retry your request, or contact us through our help center at help.openai.com if the error persists.',
    type: 'server_error',
    param: null,
    code: null,
  }),
  overloaded: (): OpenAiError => ({
    message:
      'That model is currently overloaded with other requests. You can retry your request, or contact us through our help center at help.openai.com if the error persists.',
    type: 'server_error',
    param: null,
    code: null,
  }),
};
