import { useState } from 'react';
import { Button, Input, Popover, Select, Tag, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QUICK_REPLIES_MAX, QUICK_REPLY_TYPES_OF, type QuickReply } from '@sabai/contracts';
import type { ChannelType } from '@sabai/domain';
import { SafeText } from './safe-text';

const LABEL_MAX = 20;
const TEXT_MAX = 300;

type Props = {
  channelType: ChannelType;
  value: QuickReply[];
  onChange: (value: QuickReply[]) => void;
  disabled: boolean;
};

/** The reply's quick-reply buttons: added and edited in a popover, shown as tags above the send row. */
export function QuickRepliesButton({ channelType, value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Popover
      open={isOpen}
      onOpenChange={setIsOpen}
      trigger="click"
      placement="topLeft"
      title={t('inbox.quickReplies.title', { max: QUICK_REPLIES_MAX })}
      content={
        <QuickRepliesForm types={QUICK_REPLY_TYPES_OF[channelType]} value={value} onChange={onChange} />
      }
    >
      <Tooltip title={t('inbox.quickReplies.open')}>
        <Button
          icon={<UnorderedListOutlined />}
          disabled={disabled}
          // The count shown is part of the name, as it reads.
          aria-label={`${t('inbox.quickReplies.open')}${value.length > 0 ? ` ${value.length}` : ''}`}
          data-testid="quick-replies-button"
        >
          {value.length > 0 ? value.length : null}
        </Button>
      </Tooltip>
    </Popover>
  );
}

/** The buttons a reply carries, under the reply box until it is sent. */
export function QuickReplyTags({
  value,
  onChange,
}: {
  value: QuickReply[];
  onChange: (value: QuickReply[]) => void;
}) {
  const { t } = useTranslation();
  if (value.length === 0) return null;
  return (
    <div className="composer__quick-replies" data-testid="quick-reply-tags">
      {value.map((q, index) => (
        <Tag
          key={index}
          closable
          onClose={() => onChange(value.filter((_, i) => i !== index))}
          closeIcon={<span aria-label={t('inbox.quickReplies.remove', { label: q.label })}>×</span>}
        >
          <SafeText text={q.label} />
        </Tag>
      ))}
    </div>
  );
}

/** The list of buttons with a row to add one (in the composer's popover, and in a canned response's form). */
export function QuickRepliesForm({
  types,
  value,
  onChange,
}: {
  types: ReadonlyArray<QuickReply['type']>;
  value: QuickReply[];
  onChange: (value: QuickReply[]) => void;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState<QuickReply['type']>('text');
  const [label, setLabel] = useState('');
  const [text, setText] = useState('');
  const isFull = value.length >= QUICK_REPLIES_MAX;
  const canAdd = !isFull && label.trim() !== '' && (type !== 'text' || text.trim() !== '');
  const add = () => {
    if (!canAdd) return;
    const item: QuickReply =
      type === 'text' ? { type, label: label.trim(), text: text.trim() } : { type, label: label.trim() };
    onChange([...value, item]);
    setLabel('');
    setText('');
  };
  return (
    <div className="quick-replies-form" data-testid="quick-replies-form">
      {value.length > 0 && (
        <ul className="quick-replies-form__list">
          {value.map((q, index) => (
            <li key={index}>
              <span className="quick-replies-form__type">{t(`inbox.quickReplies.types.${q.type}`)}</span>
              <SafeText text={q.label} />
              {q.type === 'text' && q.text !== q.label && (
                <span className="quick-replies-form__text">
                  → <SafeText text={q.text} />
                </span>
              )}
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
                aria-label={t('inbox.quickReplies.remove', { label: q.label })}
              />
            </li>
          ))}
        </ul>
      )}
      {isFull ? (
        <p className="quick-replies-form__full">{t('inbox.quickReplies.full', { max: QUICK_REPLIES_MAX })}</p>
      ) : (
        <div className="quick-replies-form__new">
          <Select
            size="small"
            value={type}
            onChange={setType}
            options={types.map((value) => ({ value, label: t(`inbox.quickReplies.types.${value}`) }))}
            aria-label={t('inbox.quickReplies.type')}
            data-testid="quick-reply-type"
          />
          <Input
            size="small"
            value={label}
            maxLength={LABEL_MAX}
            onChange={(e) => setLabel(e.target.value)}
            onPressEnter={add}
            placeholder={t('inbox.quickReplies.label')}
            aria-label={t('inbox.quickReplies.label')}
            data-testid="quick-reply-label"
          />
          {type === 'text' && (
            <Input
              size="small"
              value={text}
              maxLength={TEXT_MAX}
              onChange={(e) => setText(e.target.value)}
              onPressEnter={add}
              placeholder={t('inbox.quickReplies.text')}
              aria-label={t('inbox.quickReplies.text')}
              data-testid="quick-reply-text"
            />
          )}
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={add}
            disabled={!canAdd}
            data-testid="quick-reply-add"
          >
            {t('inbox.quickReplies.add')}
          </Button>
        </div>
      )}
    </div>
  );
}
