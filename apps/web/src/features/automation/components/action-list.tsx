import { StepList, type StepListTexts } from '../../../components/step-editor/step-list';
import { ACTION_TYPES, newAction } from '../utils/rule-form';
import { ActionFields } from './action-fields';

/** A rule's word for its steps: "action". */
const ACTION_TEXTS: StepListTexts = {
  add: 'automation.form.addAction',
  remove: 'automation.form.removeAction',
  moveUp: 'automation.form.moveActionUp',
  moveDown: 'automation.form.moveActionDown',
  required: 'automation.form.actionsRequired',
  max: 'automation.form.actionsMax',
};

/** The rule's actions in the order they run, each numbered, movable and removable; at least one. */
export function ActionList() {
  return (
    <StepList
      types={ACTION_TYPES}
      newStep={newAction}
      texts={ACTION_TEXTS}
      testIds={{ list: 'rule-actions', item: 'rule-action', add: 'add-action' }}
      renderFields={(type, name) => <ActionFields name={name} type={type} />}
    />
  );
}
