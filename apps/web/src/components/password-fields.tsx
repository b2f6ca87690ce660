import { useEffect } from 'react';
import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { validatePassword } from '@sabai/domain';
import type { PasswordProblem } from '@sabai/domain';
import { useCommonPasswordCheck } from '../lib/common-passwords';

const PROBLEMS: readonly PasswordProblem[] = [
  'password.length',
  'password.letter',
  'password.digit',
  'password.repeated',
  'password.common',
];

type NewPasswordFieldsProps = {
  passwordLabel: string;
  confirmLabel: string;
  passwordName?: string;
  confirmName?: string;
};

/**
 * New password and its confirmation, validated live with the password rules: every broken rule shows its
 * own message, and the confirmation must match.
 */
export function NewPasswordFields({
  passwordLabel,
  confirmLabel,
  passwordName = 'password',
  confirmName = 'confirmPassword',
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const isCommon = useCommonPasswordCheck();

  // The list arrives after the user may have typed: check again what is already there.
  useEffect(() => {
    if (isCommon && form.isFieldTouched(passwordName))
      void form.validateFields([passwordName]).catch(() => undefined);
  }, [isCommon, form, passwordName]);

  const passwordRules: Rule[] = [
    { required: true, message: t('password.newRequired') },
    ...PROBLEMS.map((problem): Rule => ({
      validator: (_, value: unknown) =>
        typeof value === 'string' && value !== '' && validatePassword(value, isCommon).includes(problem)
          ? Promise.reject(new Error(t(problem)))
          : Promise.resolve(),
    })),
  ];

  const confirmRules: Rule[] = [
    { required: true, message: t('password.confirmRequired') },
    ({ getFieldValue }) => ({
      validator: (_, value: unknown) =>
        !value || value === getFieldValue(passwordName)
          ? Promise.resolve()
          : Promise.reject(new Error(t('password.mismatch'))),
    }),
  ];

  return (
    <>
      <Form.Item
        name={passwordName}
        label={passwordLabel}
        rules={passwordRules}
        extra={t('password.hint')}
        hasFeedback
      >
        <Input.Password autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Form.Item
        name={confirmName}
        label={confirmLabel}
        dependencies={[passwordName]}
        rules={confirmRules}
        hasFeedback
      >
        <Input.Password autoComplete="new-password" maxLength={64} />
      </Form.Item>
    </>
  );
}
