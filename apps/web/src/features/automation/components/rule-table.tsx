import { Button, Empty, Space, Switch, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IconAction, ListEmpty, RowActions } from '../../../components/list-table';
import { SafeText } from '../../../components/safe-text';
import { formatDateTime } from '../../../lib/format';
import type { AutomationRule } from '../api/automation-rules';
import { useRuleNames } from '../api/rule-names';
import { ruleSentence } from '../utils/rule-summary';
import { RulePhrase } from './rule-phrase';

type RuleTableProps = {
  rules: AutomationRule[];
  isLoading: boolean;
  /** Absent when the user may only look. */
  onAdd?: () => void;
  onEdit?: (rule: AutomationRule) => void;
  onDuplicate?: (rule: AutomationRule) => void;
  onDelete?: (rule: AutomationRule) => void;
  onToggle?: (rule: AutomationRule, isActive: boolean) => void;
  onMove?: (index: number, delta: -1 | 1) => void;
  /** The rule whose switch is being saved. */
  togglingId: string | null;
  /** A new order is being saved: the arrows wait. */
  isMoving: boolean;
};

/** The rules in the order they are checked: what each does in a sentence, whether it runs and how often. */
export function RuleTable({
  rules,
  isLoading,
  onAdd,
  onEdit,
  onDuplicate,
  onDelete,
  onToggle,
  onMove,
  togglingId,
  isMoving,
}: RuleTableProps) {
  const { t } = useTranslation();
  const nameOf = useRuleNames(rules);

  const columns: TableColumnsType<AutomationRule> = [
    {
      key: 'position',
      title: t('automation.columns.position'),
      width: 112,
      render: (_, rule, index) => (
        <span className="rule-table__position">
          <span className="rule-table__number">{rule.position}</span>
          {onMove && (
            <Space size={0}>
              <MoveButton
                direction="up"
                isDisabled={index === 0 || isMoving}
                onClick={() => onMove(index, -1)}
              />
              <MoveButton
                direction="down"
                isDisabled={index === rules.length - 1 || isMoving}
                onClick={() => onMove(index, 1)}
              />
            </Space>
          )}
        </span>
      ),
    },
    {
      key: 'name',
      title: t('automation.columns.name'),
      width: 220,
      render: (_, rule) => <SafeText className="rule-table__name" text={rule.name} />,
    },
    {
      key: 'summary',
      title: t('automation.columns.summary'),
      render: (_, rule) => (
        <span className="rule-table__summary" data-testid="rule-summary">
          <RulePhrase phrase={ruleSentence(t, rule, nameOf)} />
        </span>
      ),
    },
    {
      key: 'active',
      title: t('automation.columns.active'),
      width: 88,
      render: (_, rule) => (
        <Switch
          size="small"
          checked={rule.isActive}
          disabled={!onToggle}
          loading={togglingId === rule.id}
          onChange={(isActive) => onToggle?.(rule, isActive)}
          aria-label={t('automation.activeSwitch', { name: rule.name })}
          data-testid="rule-active-switch"
        />
      ),
    },
    {
      key: 'firings',
      title: t('automation.columns.firings'),
      width: 168,
      render: (_, rule) => (
        <span className="rule-table__firings" data-testid="rule-firings">
          <span className="rule-table__count">{rule.firings.toLocaleString('en-GB')}</span>
          <span className="muted-text">
            {rule.lastFiredAt
              ? t('automation.lastFired', { time: formatDateTime(rule.lastFiredAt) })
              : t('automation.neverFired')}
          </span>
        </span>
      ),
    },
  ];
  if (onEdit || onDuplicate || onDelete)
    columns.push({
      key: 'actions',
      title: t('list.actions'),
      align: 'end',
      width: 136,
      render: (_, rule) => (
        <Space size={4}>
          {onDuplicate && (
            <IconAction
              label={t('automation.duplicate')}
              icon={<CopyOutlined aria-hidden />}
              onClick={() => onDuplicate(rule)}
            />
          )}
          <RowActions onEdit={onEdit && (() => onEdit(rule))} onDelete={onDelete && (() => onDelete(rule))} />
        </Space>
      ),
    });

  return (
    <Table<AutomationRule>
      rowKey="id"
      columns={columns}
      dataSource={rules}
      loading={isLoading}
      pagination={false}
      rowClassName={(rule) => (rule.isActive ? '' : 'rule-table__row--inactive')}
      locale={{
        emptyText: isLoading ? null : onAdd ? (
          <ListEmpty
            isSearching={false}
            text={t('automation.empty')}
            addLabel={t('automation.add')}
            onAdd={onAdd}
          />
        ) : (
          <Empty description={t('automation.empty')} />
        ),
      }}
      data-testid="rule-table"
    />
  );
}

type MoveButtonProps = { direction: 'up' | 'down'; isDisabled: boolean; onClick: () => void };

/** Moves a rule one place earlier or later in the order they are checked. */
function MoveButton({ direction, isDisabled, onClick }: MoveButtonProps) {
  const { t } = useTranslation();
  const label = t(direction === 'up' ? 'automation.moveUp' : 'automation.moveDown');
  return (
    <Button
      type="text"
      size="small"
      icon={direction === 'up' ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />}
      aria-label={label}
      title={label}
      disabled={isDisabled}
      onClick={onClick}
      data-testid={`rule-move-${direction}`}
    />
  );
}
