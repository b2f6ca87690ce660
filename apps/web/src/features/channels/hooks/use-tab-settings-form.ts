// A channel drawer tab whose settings are one object saved on their own (the satisfaction survey, the AI
// first responder): its form, whether it differs from what is stored, and the save with its feedback.
import { useState } from 'react';
import { Form } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@sabai/domain';
import type { TranslationKey } from '@sabai/i18n';
import { ApiError } from '../../../lib/api-client';
import { errorKey } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/me';
import { useNotice } from '../../../lib/notices';

/**
 * `save` sends the form's values and answers with the server's (put back in the form: trimmed, repeats
 * dropped), then `savedNotice` shows. A refusal shows in words above the Save (`formMessage`, cleared by
 * `clearMessage` on the next edit), and the fields the server named (`fieldOfPath`) are marked. Read-only
 * without channel update scope all (`canUpdate`); `initialValues` is what was loaded first.
 */
export function useTabSettingsForm<V extends object>(options: {
  saved: V;
  save: (values: V) => Promise<V>;
  hasChanges: (values: V | undefined, saved: V) => boolean;
  fieldOfPath: (path: string) => NamePath | null;
  savedNotice: TranslationKey;
}) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [form] = Form.useForm<V>();
  const canUpdate = isAllowed(usePermissions(), 'channel', 'update', ['all']);
  const [initialValues] = useState(options.saved);
  const [formMessage, setFormMessage] = useState<TranslationKey | null>(null);
  const values = Form.useWatch([], form) as V | undefined;

  async function submit() {
    setFormMessage(null);
    try {
      const next = await options.save(form.getFieldsValue(true) as V);
      // (antd types the argument as a deep partial, which a generic V is not known to satisfy.)
      form.setFieldsValue(next as Parameters<typeof form.setFieldsValue>[0]);
      notice.success(options.savedNotice);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation.failed' && Array.isArray(error.details)) {
        form.setFields(
          (error.details as Array<{ path?: unknown }>).flatMap((detail) => {
            const name = typeof detail?.path === 'string' ? options.fieldOfPath(detail.path) : null;
            return name ? [{ name, errors: [t('channels.form.invalidField')] }] : [];
          }),
        );
      }
      setFormMessage(errorKey(error, 'common.error.update'));
    }
  }

  return {
    form,
    canUpdate,
    initialValues,
    formMessage,
    clearMessage: () => setFormMessage(null),
    isDirty: options.hasChanges(values, options.saved),
    submit,
  };
}
