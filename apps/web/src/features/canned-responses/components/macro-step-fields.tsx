import { useCallback } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CannedResponse } from '@sabai/contracts';
import { CannedField } from '../../../components/step-editor/canned-field';
import { StepFields } from '../../../components/step-editor/step-fields';
import { useCannedByIds } from '../../../lib/canned-options';
import { useMe } from '../../../lib/me';
import {
  isCannedUsable,
  MACRO_STATUSES,
  type MacroFormValues,
  type MacroStepType,
} from '../utils/macro-form';

type StepFieldsProps = {
  /** The step's index in the form's `actions`. */
  name: number;
  type: MacroStepType;
};

/** The inputs of one step, by its kind: the teams and agents are those the runner may give an issue to. */
export function MacroStepFields({ name, type }: StepFieldsProps) {
  return type === 'send_canned' ? (
    <MacroCannedField name={name} />
  ) : (
    <StepFields name={name} type={type} teams="assignable" statuses={MACRO_STATUSES} />
  );
}

/**
 * The canned response to send. A shared macro runs for anyone, who could not send someone's personal
 * response: the choice is checked again when the macro becomes shared.
 */
function MacroCannedField({ name }: { name: number }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<MacroFormValues>();
  const myId = useMe().data?.id;
  const isShared = (Form.useWatch('isShared', form) as boolean | undefined) ?? false;
  const chosenId = Form.useWatch(['actions', name, 'cannedResponseId'], form) as string | undefined;
  const chosen = useCannedByIds(chosenId ? [chosenId] : []).get(chosenId ?? '');
  const isUsable = useCallback(
    (response: CannedResponse) => isCannedUsable(response, isShared, myId),
    [isShared, myId],
  );
  return (
    <CannedField
      name={name}
      hint={t(isShared ? 'canned.macros.form.cannedSharedHint' : 'canned.macros.form.cannedPersonalHint')}
      isUsable={isUsable}
      dependencies={['isShared']}
      checks={[
        ({ getFieldValue }) => ({
          validator: async () => {
            const isSharedNow = getFieldValue('isShared') as boolean;
            if (chosen && !isCannedUsable(chosen, isSharedNow, myId))
              throw new Error(t('canned.macros.form.cannedNotShared'));
          },
        }),
      ]}
    />
  );
}
