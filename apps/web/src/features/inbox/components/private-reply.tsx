import { useState } from 'react';
import { Button, Input, Modal, Popover } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChannelType } from '@sabai/domain';
import { TextWithNames } from '../../../components/text-with-names';
import { useNotice } from '../../../lib/notices';
import { usePrivateReply } from '../api/comments';
import type { Message } from '../api/messages';
import { CannedPicker } from './composer';

type PrivateReplyModalProps = {
  message: Message;
  channelType: ChannelType;
  issueId: number;
  isOpen: boolean;
  onClose: () => void;
};

/** Where Meta delivers a private reply: the commenter's inbox on the comment's platform. */
const INBOX: Record<ChannelType, string> = {
  facebook: 'Messenger',
  instagram: 'Instagram Direct',
  line: 'LINE',
};
const TEXT_MAX = 2000;

/**
 * Meta's private reply: one message to the commenter's Messenger (or Instagram Direct) inbox, once per
 * comment, within 7 days of it. Written here (or from a canned response's text), then queued: the comment
 * shows it on its way, then sent with the chat it went to, or why it failed.
 */
export function PrivateReplyModal({
  message,
  channelType,
  issueId,
  isOpen,
  onClose,
}: PrivateReplyModalProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const send = usePrivateReply(issueId);
  const [text, setText] = useState('');
  const [isCannedOpen, setIsCannedOpen] = useState(false);
  const name = message.comment?.authorName || message.senderName || '';
  const fieldId = `private-reply-${message.id}`;

  const submit = () => {
    const body = text.trim();
    if (!body || send.isPending) return;
    send.mutate(
      { messageId: message.id, text: body },
      {
        onSuccess: () => {
          notice.success('inbox.comments.privateReply.queued');
          setText('');
          onClose();
        },
        onError: (error) => notice.error(error),
      },
    );
  };

  return (
    <Modal
      open={isOpen}
      onCancel={onClose}
      title={
        <TextWithNames
          sentence={(names) => t('inbox.comments.privateReply.title', { name: names.name })}
          names={{ name }}
        />
      }
      okText={t('inbox.comments.privateReply.send')}
      cancelText={t('common.cancel')}
      onOk={submit}
      okButtonProps={{ disabled: !text.trim(), 'data-testid': 'send-private-reply' } as never}
      confirmLoading={send.isPending}
      destroyOnHidden
      data-testid="private-reply-modal"
    >
      <p className="private-reply__hint">
        {t('inbox.comments.privateReply.hint', { inbox: INBOX[channelType] })}
      </p>
      <label htmlFor={fieldId} className="private-reply__label">
        {t('inbox.comments.privateReply.text')}
      </label>
      <Input.TextArea
        id={fieldId}
        autoFocus
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
        }}
        maxLength={TEXT_MAX}
        showCount
        autoSize={{ minRows: 3, maxRows: 8 }}
        data-testid="private-reply-text"
      />
      <Popover
        open={isCannedOpen}
        onOpenChange={setIsCannedOpen}
        trigger="click"
        placement="bottomLeft"
        title={t('inbox.composer.canned')}
        content={
          <CannedPicker
            onPick={(response) => {
              setText(response.message.slice(0, TEXT_MAX));
              setIsCannedOpen(false);
            }}
          />
        }
      >
        <Button
          size="small"
          icon={<MessageOutlined />}
          className="private-reply__canned"
          data-testid="private-reply-canned"
        >
          {t('inbox.composer.canned')}
        </Button>
      </Popover>
    </Modal>
  );
}
