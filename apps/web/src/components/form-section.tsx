import type { ReactNode } from 'react';
import './form-section.css';

type FormSectionProps = { title: string; hint?: string; testId?: string; children: ReactNode };

/** A framed and titled part of a long form: a rule's "When", "If" and "Then", a macro's steps. */
export function FormSection({ title, hint, testId, children }: FormSectionProps) {
  return (
    <fieldset className="form-section" data-testid={testId}>
      <legend className="form-section__title">{title}</legend>
      {hint && <p className="form-section__hint">{hint}</p>}
      {children}
    </fieldset>
  );
}
