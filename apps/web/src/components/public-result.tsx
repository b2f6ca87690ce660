import type { ReactNode } from 'react';
import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';

type PublicResultProps = { status: 'success' | 'warning'; title: string; text: string; extra?: ReactNode };

/** The outcome of a public form (mail sent, password saved, broken link). */
export function PublicResult({ status, title, text, extra }: PublicResultProps) {
  const Icon = status === 'success' ? CheckCircleFilled : ExclamationCircleFilled;
  return (
    <div className={`public-result public-result--${status}`} role="status" data-testid="public-result">
      <Icon className="public-result__icon" />
      <h2 className="public-result__title">{title}</h2>
      <p className="public-result__text">{text}</p>
      {extra && <div className="public-result__extra">{extra}</div>}
    </div>
  );
}
