import { StepList, type StepListTexts } from '../../../components/step-editor/step-list';
import { STEP_TYPES } from '../utils/macro-form';
import { MacroStepFields } from './macro-step-fields';

/** A macro's word for its steps: "step". */
const STEP_TEXTS: StepListTexts = {
  add: 'canned.macros.form.addStep',
  remove: 'canned.macros.form.removeStep',
  moveUp: 'canned.macros.form.moveStepUp',
  moveDown: 'canned.macros.form.moveStepDown',
  required: 'canned.macros.form.stepsRequired',
  max: 'canned.macros.form.stepsMax',
};

/** The macro's steps in the order they run, each numbered, movable and removable; 1 to 10 of them. */
export function MacroSteps() {
  return (
    <StepList
      types={STEP_TYPES}
      texts={STEP_TEXTS}
      testIds={{ list: 'macro-step-list', item: 'macro-step', add: 'add-step' }}
      renderFields={(type, name) => <MacroStepFields name={name} type={type} />}
    />
  );
}
