import { NewPasswordPage } from './new-password-page';

/** /login/set-new-password?token=… from an invitation mail. */
export function Component() {
  return <NewPasswordPage mode="invite" />;
}
