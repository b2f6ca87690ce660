// Type-level proof, checked by `npm run typecheck` (never run): a language's error texts without the text
// of one error code, or with a code the server does not send, do not compile. Should either compile one
// day, its expect-error directive is unused and fails the type check instead.
import type { ErrorTexts } from './error-texts';
import { errorsEn } from './errors.en';
import { errorsTh } from './errors.th';

const { forbidden: _forbidden, ...enAuthWithoutForbidden } = errorsEn.auth;
const { merge_same: _mergeSame, ...thContactWithoutMergeSame } = errorsTh.contact;

// @ts-expect-error `auth.forbidden` has no English text.
const _enMissingOne: ErrorTexts = { ...errorsEn, auth: enAuthWithoutForbidden };

// @ts-expect-error `contact.merge_same` has no Thai text.
const _thMissingOne: ErrorTexts = { ...errorsTh, contact: thContactWithoutMergeSame };

// @ts-expect-error `auth.no_such_code` is not an error code.
const _unknownCode: ErrorTexts = { ...errorsEn, auth: { ...errorsEn.auth, no_such_code: 'No such code' } };
