import { Button, Form } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AddMenu } from '../../../components/step-editor/add-menu';
import {
  CONDITION_TYPES,
  newCondition,
  RULE_CONDITIONS_MAX,
  type ConditionDraft,
  type RuleFormValues,
} from '../utils/rule-form';
import { ConditionFields } from './condition-fields';
// Framed as the actions are.
import '../../../components/step-editor/step-editor.css';

/** The rule's conditions, each framed with its kind and a remove button; all must hold. */
export function ConditionList() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<RuleFormValues>();

  return (
    <Form.List name="conditions">
      {(fields, { add, remove }) => (
        <>
          {fields.length > 0 && (
            <ul className="step-list" data-testid="rule-conditions">
              {fields.map(({ key, name }) => {
                const type = (form.getFieldValue(['conditions', name]) as ConditionDraft).type;
                const title = t(`automation.conditionTypes.${type}`);
                return (
                  <li key={key} className="step-list__item" data-testid="rule-condition" data-type={type}>
                    <div className="step-list__head">
                      <span className="step-list__title">{title}</span>
                      <span className="step-list__tools">
                        <Button
                          type="text"
                          danger
                          size="small"
                          icon={<DeleteOutlined aria-hidden />}
                          aria-label={t('automation.form.removeCondition', { type: title })}
                          title={t('automation.form.removeCondition', { type: title })}
                          onClick={() => remove(name)}
                        />
                      </span>
                    </div>
                    <ConditionFields name={name} type={type} />
                  </li>
                );
              })}
            </ul>
          )}
          {fields.length < RULE_CONDITIONS_MAX ? (
            <AddMenu
              label={t('automation.form.addCondition')}
              options={CONDITION_TYPES.map((type) => ({
                type,
                label: t(`automation.conditionTypes.${type}`),
              }))}
              onAdd={(type) => add(newCondition(type))}
              testId="add-condition"
            />
          ) : (
            <p className="step-list__limit">
              {t('automation.form.conditionsMax', { max: RULE_CONDITIONS_MAX })}
            </p>
          )}
        </>
      )}
    </Form.List>
  );
}
