import { useMemo, useState } from 'react';
import { Empty, Input, Modal, Radio, Skeleton, Tag } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RetryNotice } from '../../../components/retry-notice';
import { SafeText } from '../../../components/safe-text';
import { useMacros, type Macro } from '../../../lib/macros';
import { useMe } from '../../../lib/me';
import { useRetrievalNotice } from '../../../lib/notices';
import { stepsText } from '../utils/automation-steps';

type MacroPickerProps = {
  title: string;
  isRunning: boolean;
  onRun: (macro: Macro) => void;
  onClose: () => void;
};

/**
 * Choosing the macro to run: the shared ones and the user's own (someone else's personal macro would send
 * their own canned responses, which the runner may not), each with its steps.
 */
export function MacroPicker({ title, isRunning, onRun, onClose }: MacroPickerProps) {
  const { t } = useTranslation();
  const macrosQuery = useMacros();
  useRetrievalNotice(macrosQuery.isError, 'macros');
  const myId = useMe().data?.id;
  const [search, setSearch] = useState('');
  const [chosenId, setChosenId] = useState<string | null>(null);
  const usable = useMemo(
    () => (macrosQuery.data ?? []).filter((macro) => macro.isShared || macro.owner?.id === myId),
    [macrosQuery.data, myId],
  );
  const shown = useMemo(() => {
    const query = search.trim().toLocaleLowerCase();
    return query ? usable.filter((macro) => macro.name.toLocaleLowerCase().includes(query)) : usable;
  }, [usable, search]);
  const chosen = usable.find((macro) => macro.id === chosenId);

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => chosen && onRun(chosen)}
      okText={t('inbox.macros.runOk')}
      cancelText={t('inbox.actions.cancel')}
      okButtonProps={{ disabled: !chosen }}
      confirmLoading={isRunning}
      destroyOnHidden
      rootClassName="macro-picker"
    >
      {macrosQuery.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : macrosQuery.isError ? (
        <RetryNotice onRetry={() => void macrosQuery.refetch()} />
      ) : usable.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('inbox.macros.empty')} />
      ) : (
        <>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('inbox.macros.search')}
            aria-label={t('inbox.macros.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="macro-picker__search"
            data-testid="macro-picker-search"
          />
          {shown.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('inbox.macros.noMatch')} />
          ) : (
            <Radio.Group
              className="macro-picker__list"
              value={chosenId}
              onChange={(event) => setChosenId(event.target.value as string)}
              aria-label={title}
            >
              {shown.map((macro) => (
                <Radio key={macro.id} value={macro.id} className="macro-picker__option">
                  {/* Radio gives its own props to the hidden input: the label's content carries the test id. */}
                  <span data-testid="macro-option">
                    <span className="macro-picker__head">
                      <SafeText className="macro-picker__name" text={macro.name} />
                      <Tag color={macro.isShared ? 'green' : undefined}>
                        {t(macro.isShared ? 'inbox.macros.shared' : 'inbox.macros.personal')}
                      </Tag>
                    </span>
                    <span className="macro-picker__steps">{stepList(t, macro)}</span>
                  </span>
                </Radio>
              ))}
            </Radio.Group>
          )}
        </>
      )}
    </Modal>
  );
}

/** The macro's steps by their kinds, in order ("add tag, send canned response, set status"). */
function stepList(t: Parameters<typeof stepsText>[0], macro: Macro): string {
  return stepsText(
    t,
    macro.actions.map((step) => ({ type: step.type, ok: true, code: null })),
  );
}
