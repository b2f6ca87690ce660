import { useState } from 'react';
import type { InputHTMLAttributes } from 'react';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

type PlainInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  type?: 'text' | 'email' | 'password';
  hasError?: boolean;
};

/**
 * A native input styled like Ant Design's large input, for the sign-in page: antd's Input brings its
 * form machinery along (about 30 KB gzip), which the first page cannot afford.
 */
export function PlainInput({ type = 'text', hasError = false, className, ...props }: PlainInputProps) {
  const { t } = useTranslation();
  const [isVisible, setIsVisible] = useState(false);
  const isPassword = type === 'password';
  const Icon = isVisible ? EyeOutlined : EyeInvisibleOutlined;
  return (
    <span
      className={`plain-input${hasError ? ' plain-input--error' : ''}${className ? ` ${className}` : ''}`}
    >
      <input {...props} type={isPassword && isVisible ? 'text' : type} aria-invalid={hasError || undefined} />
      {isPassword && (
        <button
          type="button"
          className="plain-input__toggle"
          aria-label={isVisible ? t('password.hide') : t('password.show')}
          aria-pressed={isVisible}
          onClick={() => setIsVisible((visible) => !visible)}
        >
          <Icon />
        </button>
      )}
    </span>
  );
}
