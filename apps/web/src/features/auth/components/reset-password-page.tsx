import { NewPasswordPage } from './new-password-page';

/** /login/reset-password?token=… from the forgot-password mail. */
export function Component() {
  return <NewPasswordPage mode="reset" />;
}
