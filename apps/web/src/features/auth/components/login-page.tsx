import { useState } from 'react';
import type { SubmitEvent } from 'react';
import { Button } from 'antd';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { landingPath } from '@sabai/domain';
import type { TranslationKey } from '@sabai/i18n';
import { ApiError } from '../../../lib/api-client';
import { errorKey } from '../../../lib/i18n';
import { isMobileDevice, useAppNavigate } from '../../../lib/navigation';
import { readClaims, setProfile, setToken } from '../../../lib/session';
import { AppLink } from '../../../components/app-link';
import { FormAlert } from '../../../components/form-alert';
import { PlainInput } from '../../../components/plain-input';
import { PublicLayout } from '../../../components/public-layout';
import { useLogin } from '../api/login';
import type { LoginAnswer } from '../api/login';

type FieldErrors = { email?: TranslationKey; password?: TranslationKey };

// Stores the session (lib/session.ts keys); the shell completes the profile from /me.
function startSession(answer: LoginAnswer): string[] {
  setToken({ accessToken: answer.accessToken, refreshToken: answer.refreshToken });
  const claims = readClaims(answer.accessToken);
  const roles = claims?.roleName ? [claims.roleName] : [];
  setProfile({ id: claims?.sub ?? '', displayName: '', profilePath: answer.profilePath, roles });
  return roles;
}

/**
 * The sign-in page, at / and /login (desktop and mobile). A plain form with two required fields: antd's
 * Form and Input would add about 40 KB gzip to the first load (budget: apps/web/scripts/bundle-size.mjs).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const { pathname } = useLocation();
  const loginAction = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<TranslationKey | null>(null);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors: FieldErrors = {
      email: email.trim() ? undefined : 'login.emailRequired',
      password: password ? undefined : 'login.passwordRequired',
    };
    setFieldErrors(errors);
    setFailure(null);
    if (errors.email || errors.password) return;
    try {
      const answer = await loginAction.run({ email: email.trim(), password });
      const roleNames = startSession(answer);
      navigate(landingPath({ roleNames, isMobile: isMobileDevice(), currentPath: pathname }), {
        replace: true,
      });
    } catch (error) {
      const isWrong = error instanceof ApiError && error.code === 'auth.invalid_credentials';
      setFailure(isWrong ? 'auth.invalid_credentials' : errorKey(error));
    }
  }

  return (
    <PublicLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      {failure && <FormAlert text={t(failure)} />}
      <form
        className="plain-form"
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
        data-testid="login-form"
      >
        <div className="plain-form__field">
          <label htmlFor="login-email">{t('login.email')}</label>
          <PlainInput
            id="login-email"
            name="email"
            autoComplete="username"
            inputMode="email"
            autoFocus
            value={email}
            hasError={Boolean(fieldErrors.email)}
            aria-describedby={fieldErrors.email ? 'login-email-error' : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          {fieldErrors.email && (
            <div id="login-email-error" className="plain-form__error">
              {t(fieldErrors.email)}
            </div>
          )}
        </div>
        <div className="plain-form__field">
          <label htmlFor="login-password">{t('login.password')}</label>
          <PlainInput
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            hasError={Boolean(fieldErrors.password)}
            aria-describedby={fieldErrors.password ? 'login-password-error' : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
          {fieldErrors.password && (
            <div id="login-password-error" className="plain-form__error">
              {t(fieldErrors.password)}
            </div>
          )}
        </div>
        <div className="form-row-end">
          <AppLink to="/login/forget-password">{t('login.forgot')}</AppLink>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={loginAction.isPending}>
          {t('login.submit')}
        </Button>
      </form>
    </PublicLayout>
  );
}

export { LoginPage as Component };
