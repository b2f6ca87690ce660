import { Avatar, Button, Checkbox, Form, Select, TimePicker, Tooltip } from 'antd';
import type { FormInstance, GetProps } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ConfirmOptions } from '../../../lib/use-confirm';
import type { MemberOption } from '../api/get-member-options';
import {
  newMemberRow,
  SHIFT_PROBLEM_TEXTS,
  shiftProblemOf,
  TIME_FIELDS,
  TIME_FORMAT,
  WEEKDAYS,
} from '../utils/team-form';
import type { MemberRow, TeamFormValues, TimeField } from '../utils/team-form';

type MembersEditorProps = {
  form: FormInstance<TeamFormValues>;
  options: readonly MemberOption[];
  isLoading: boolean;
  confirm: (options: ConfirmOptions) => void;
  /** Removes a member the team already has (on the server, at once); unsaved rows just leave the form. */
  onRemoveSaved: (userId: string) => Promise<boolean>;
};

const LABELS: Record<
  TimeField,
  'teams.form.workStart' | 'teams.form.workStop' | 'teams.form.breakStart' | 'teams.form.breakStop'
> = {
  workStart: 'teams.form.workStart',
  workStop: 'teams.form.workStop',
  breakStart: 'teams.form.breakStart',
  breakStop: 'teams.form.breakStop',
};

type CheckboxGroupProps = GetProps<typeof Checkbox.Group> & { 'aria-required'?: unknown };

/**
 * The working days' checkboxes as a named group. Form.Item marks its control `aria-required`, which ARIA
 * does not allow on a group (axe aria-allowed-attr): the rule's message says a day is needed.
 */
function WeekdayGroup({ 'aria-required': _required, ...props }: CheckboxGroupProps) {
  return <Checkbox.Group role="group" {...props} />;
}

/** The team's members, each with a working shift, a break and working days. */
export function MembersEditor({ form, options, isLoading, confirm, onRemoveSaved }: MembersEditorProps) {
  const { t } = useTranslation();
  const members = (Form.useWatch('members', { form, preserve: true }) as MemberRow[] | undefined) ?? [];
  const memberIds = new Set(members.map((member) => member.userId));
  const addOptions = options
    .filter((option) => !memberIds.has(option.id))
    .map((option) => ({ value: option.id, label: `${option.displayName} (${option.email})` }));
  const weekdayOptions = WEEKDAYS.map(({ value, labelKey }) => ({ value, label: t(labelKey) }));

  return (
    <Form.List
      name="members"
      rules={[
        {
          validator: async (_, rows?: MemberRow[]) => {
            if (!rows || rows.length === 0) throw new Error(t('errors.team.member_required'));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <div className="members-editor" data-testid="members-editor">
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            value={null}
            loading={isLoading}
            options={addOptions}
            placeholder={t('teams.form.addMemberPlaceholder')}
            aria-label={t('teams.form.addMember')}
            className="members-editor__add"
            id="team_addMember"
            onChange={(userId: string | null) => {
              const person = options.find((option) => option.id === userId);
              if (person) add(newMemberRow(person));
            }}
          />
          {fields.length === 0 && (
            <p className="muted-text members-editor__empty">{t('teams.form.noMembers')}</p>
          )}
          {fields.map((field) => {
            const row = members[field.name];
            return (
              <div key={field.key} className="member-row" data-testid="member-row">
                <div className="member-row__head">
                  <Avatar size={28}>{(row?.displayName ?? '?').slice(0, 1).toUpperCase()}</Avatar>
                  <div className="member-row__name">
                    <strong>{row?.displayName}</strong>
                    <span className="muted-text">{row?.email}</span>
                  </div>
                  <Tooltip title={t('teams.form.removeMember')}>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={t('teams.form.removeMember')}
                      onClick={() =>
                        confirm({
                          title: t('teams.removeMemberConfirm.title', { name: row?.displayName ?? '' }),
                          content: t('teams.removeMemberConfirm.text'),
                          okText: t('teams.removeMemberConfirm.ok'),
                          onOk: async () => {
                            if (row && (await onRemoveSaved(row.userId))) remove(field.name);
                          },
                        })
                      }
                    />
                  </Tooltip>
                </div>
                <div className="member-row__times">
                  {TIME_FIELDS.map((name) => (
                    <Form.Item
                      key={name}
                      name={[field.name, name]}
                      label={t(LABELS[name])}
                      dependencies={TIME_FIELDS.filter((other) => other !== name).map((other) => [
                        'members',
                        field.name,
                        other,
                      ])}
                      rules={[
                        { required: true, message: t('teams.form.timeRequired') },
                        ...(name === 'workStop'
                          ? []
                          : [
                              {
                                // Only the time that is wrong shows the problem.
                                validator: async () => {
                                  const current = (
                                    form.getFieldValue('members') as MemberRow[] | undefined
                                  )?.[field.name];
                                  if (shiftProblemOf(current, name))
                                    throw new Error(t(SHIFT_PROBLEM_TEXTS[name]));
                                },
                              },
                            ]),
                      ]}
                    >
                      <TimePicker
                        format={TIME_FORMAT}
                        minuteStep={5}
                        needConfirm={false}
                        allowClear={false}
                      />
                    </Form.Item>
                  ))}
                </div>
                <Form.Item
                  name={[field.name, 'workingDays']}
                  label={t('teams.form.workingDays')}
                  rules={[
                    { required: true, type: 'array', min: 1, message: t('teams.form.workingDaysRequired') },
                  ]}
                >
                  <WeekdayGroup options={weekdayOptions} aria-label={t('teams.form.workingDays')} />
                </Form.Item>
              </div>
            );
          })}
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}
