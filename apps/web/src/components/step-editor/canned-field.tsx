import { Form } from 'antd';
import type { FormItemProps, FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { CannedPicker, type CannedPickerProps } from './canned-picker';

type CannedFieldProps = Pick<CannedPickerProps, 'isUsable'> & {
  /** The step's index in the form's `actions`. */
  name: number;
  /** Which responses the screen's steps may send, said under the input. */
  hint: string;
  /** The screen's own checks of the choice, besides that one is made, and the fields that re-run them. */
  checks?: FormRule[];
  dependencies?: FormItemProps['dependencies'];
};

/** A send step's canned response, as the screen allows. */
export function CannedField({ name, hint, isUsable, checks = [], dependencies }: CannedFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={[name, 'cannedResponseId']}
      label={t('steps.canned')}
      extra={hint}
      dependencies={dependencies}
      rules={[{ required: true, message: t('steps.cannedRequired') }, ...checks]}
    >
      <CannedPicker isUsable={isUsable} />
    </Form.Item>
  );
}
