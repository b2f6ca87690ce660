// The list of steps that automation rules' actions and macros' steps are edited in: numbered in the order
// they run, each movable and removable, added from a menu of kinds. Each screen gives its kinds, its own
// words for them (a rule's "actions", a macro's "steps"), its test ids and the inputs of each kind.
import type { ReactNode } from 'react';
import { Button, Form } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RULE_ACTIONS_MAX, type RuleActionType } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { AddMenu } from './add-menu';
import './step-editor.css';

/** The form's field holding the steps: `actions`, as in the API of both. */
export const STEPS_FIELD = 'actions';

/** Every kind of step: a rule's kinds of action (a macro's are some of them). */
type StepType = RuleActionType;

/**
 * The screen's words for its steps: the add button, each step's buttons (given its {{number}}) and the
 * list's limits (the most given as {{max}}).
 */
export type StepListTexts = Record<
  'add' | 'remove' | 'moveUp' | 'moveDown' | 'required' | 'max',
  TranslationKey
>;

/** The list's, each step's and the add button's test ids (the button's menu entries add `-<kind>`). */
type StepListTestIds = Record<'list' | 'item' | 'add', string>;

type StepListProps<T extends StepType> = {
  /** The kinds the add menu offers, in its order. */
  types: readonly T[];
  /** A new step of a kind, as the form holds it: by default its kind alone, everything left to choose. */
  newStep?: (type: T) => { type: T };
  texts: StepListTexts;
  testIds: StepListTestIds;
  /** The inputs of the step at `name`, its index in the form's `actions`. */
  renderFields: (type: T, name: number) => ReactNode;
};

/** The steps in the order they run: 1 to 10 of them (RULE_ACTIONS_MAX, a rule's and a macro's limit). */
export function StepList<T extends StepType>({
  types,
  newStep = (type) => ({ type }),
  texts,
  testIds,
  renderFields,
}: StepListProps<T>) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();

  return (
    <Form.List
      name={STEPS_FIELD}
      rules={[
        {
          validator: async (_, steps?: unknown[]) => {
            if (!steps || steps.length === 0) throw new Error(t(texts.required));
          },
        },
      ]}
    >
      {(fields, { add, remove, move }, { errors }) => (
        <>
          {fields.length > 0 && (
            <ol className="step-list" data-testid={testIds.list}>
              {fields.map(({ key, name }, index) => {
                const type = (form.getFieldValue([STEPS_FIELD, name]) as { type: T }).type;
                const number = index + 1;
                return (
                  <li key={key} className="step-list__item" data-testid={testIds.item} data-type={type}>
                    <div className="step-list__head">
                      <span className="step-list__number" aria-hidden>
                        {number}
                      </span>
                      <span className="step-list__title">{t(`steps.types.${type}`)}</span>
                      <span className="step-list__tools">
                        <StepButton
                          label={t(texts.moveUp, { number })}
                          icon={<ArrowUpOutlined aria-hidden />}
                          isDisabled={index === 0}
                          onClick={() => move(index, index - 1)}
                        />
                        <StepButton
                          label={t(texts.moveDown, { number })}
                          icon={<ArrowDownOutlined aria-hidden />}
                          isDisabled={index === fields.length - 1}
                          onClick={() => move(index, index + 1)}
                        />
                        <StepButton
                          label={t(texts.remove, { number })}
                          icon={<DeleteOutlined aria-hidden />}
                          isDanger
                          onClick={() => remove(name)}
                        />
                      </span>
                    </div>
                    {renderFields(type, name)}
                  </li>
                );
              })}
            </ol>
          )}
          {fields.length < RULE_ACTIONS_MAX ? (
            <AddMenu
              label={t(texts.add)}
              options={types.map((type) => ({ type, label: t(`steps.types.${type}`) }))}
              onAdd={(type) => add(newStep(type))}
              testId={testIds.add}
            />
          ) : (
            <p className="step-list__limit">{t(texts.max, { max: RULE_ACTIONS_MAX })}</p>
          )}
          {/* Under the button that adds what is missing. */}
          <div className="step-list__errors">
            <Form.ErrorList errors={errors} />
          </div>
        </>
      )}
    </Form.List>
  );
}

type StepButtonProps = {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  isDisabled?: boolean;
  isDanger?: boolean;
};

/** A small icon button of a step's header, named for screen readers and by its title. */
function StepButton({ label, icon, onClick, isDisabled = false, isDanger = false }: StepButtonProps) {
  return (
    <Button
      type="text"
      size="small"
      danger={isDanger}
      icon={icon}
      aria-label={label}
      title={label}
      disabled={isDisabled}
      onClick={onClick}
    />
  );
}
