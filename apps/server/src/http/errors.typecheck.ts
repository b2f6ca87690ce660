// Type-level proof, checked by `npm run typecheck` (never run): the server cannot throw a code that is not
// in @sabai/contracts' ERROR_CODES (whose texts the catalogues must have). Should a case below compile one
// day, its expect-error directive is unused and fails the type check instead.
import { AppError, badRequest, conflict } from './errors';

// @ts-expect-error `issue.no_such_code` is not an error code.
const _unknownBadRequest = () => badRequest('issue.no_such_code');

// @ts-expect-error a typo of `team.name_exists`.
const _typo = () => conflict('team.name_exist');

// @ts-expect-error `channel.gone` is not an error code.
const _unknownAppError = () => new AppError(410, 'channel.gone');
