// Errors of the programmatic and admin API (wrong use of the simulator), as opposed to the provider
// error bodies the fake LINE and Graph APIs return to the server under test.

export type SimulatorErrorCode =
  | 'unknown_channel'
  | 'unknown_user'
  | 'unknown_chat'
  | 'unknown_account'
  | 'unknown_post'
  | 'unknown_comment'
  | 'invalid_argument'
  | 'not_configured';

/** A misuse of the simulator (unknown channel, bad argument); the admin API renders it as 400/404. */
export class SimulatorError extends Error {
  constructor(
    readonly code: SimulatorErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SimulatorError';
  }
}
