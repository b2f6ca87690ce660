import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Input, Popover, Spin, Switch, Tag, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { MessageOutlined, PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isAllowedAttachment, isFinalStatus, maxAttachmentBytes } from '@sabai/domain';
import { useNotice } from '../../../lib/notices';
import type { IssueDetail } from '../api/issues';
import { uploadFile, useSendMessage, type UploadedFile } from '../api/messages';
import { useShortcutKey } from '../hooks/use-shortcut-key';
import {
  CANNED_LIST_ID,
  cannedOptionId,
  useCannedChoice,
  type CannedChoice,
} from '../hooks/use-canned-choice';
import { SHORTCUTS } from '../utils/shortcuts';
import { REPLY_BOX_ID } from './composer-ids';
import { readDraft, saveDraft } from '../../../lib/drafts';
import { SafeText } from '../../../components/safe-text';

/** A unique enough id for one draft (crypto.randomUUID needs a secure context, which plain http is not). */
const newClientId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 14)}`;

type ComposerProps = { issue: IssueDetail; onTyping: () => void };

/**
 * Reply box: Enter sends, Shift+Enter adds a line; `/` and a few letters filter the canned responses in
 * place (arrows move, Enter or Tab inserts, Esc closes), the button opens them with a search; files are
 * checked for type and size before upload. The draft is kept per issue until sent. Locked, with the reason,
 * when the issue is finished or Meta's 7-day window has passed (with the link to answer from Meta's inbox).
 * Render it with `key={issue.id}`: its state is one issue's draft.
 */
export function Composer({ issue, onTyping }: ComposerProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const send = useSendMessage(issue.id);
  const [text, setText] = useState(() => readDraft(issue.id)?.text ?? '');
  const [isNote, setIsNote] = useState(() => readDraft(issue.id)?.isNote ?? false);
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [uploading, setUploading] = useState(0);
  const [isCannedOpen, setIsCannedOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<TextAreaRef>(null);
  // The draft being sent and its client id: sending the same draft again (after an error whose answer
  // was lost) reuses the id, so the server returns the first message instead of storing a second.
  const draft = useRef({ key: '', clientId: '' });
  // "/deliv" filters the canned responses in place until Esc (or the "/" is gone).
  const [isInlineDismissed, setIsInlineDismissed] = useState(false);
  const isInlineOpen = text.startsWith('/') && !text.includes('\n') && !isInlineDismissed;
  const inline = useCannedChoice(text.slice(1), isInlineOpen);

  const isOpen = !isFinalStatus(issue.status);
  const isLocked = issue.replyLockedInboxUrl !== null && !isNote;
  const focus = () => textArea.current?.focus();
  useEffect(() => saveDraft(issue.id, { text, isNote }), [issue.id, text, isNote]);
  useShortcutKey(SHORTCUTS.reply, focus, isOpen);
  useShortcutKey(SHORTCUTS.canned, () => setIsCannedOpen(true), isOpen && !isLocked);
  useShortcutKey(SHORTCUTS.note, () => setIsNote((on) => !on), isOpen);

  if (!isOpen) {
    return <Alert className="composer__locked" type="info" showIcon title={t('inbox.composer.closed')} />;
  }

  const addFiles = async (list: FileList | null) => {
    for (const file of Array.from(list ?? [])) {
      if (!isAllowedAttachment(file.type || 'application/octet-stream')) {
        notice.warningText(t('inbox.composer.fileType', { name: file.name }));
        continue;
      }
      const max = maxAttachmentBytes(file.type);
      if (file.size > max) {
        notice.warningText(t('inbox.composer.fileTooLarge', { name: file.name, size: max / 1024 / 1024 }));
        continue;
      }
      setUploading((n) => n + 1);
      try {
        const stored = await uploadFile(file);
        setFiles((current) => [...current, stored]);
      } catch (error) {
        notice.error(error);
      } finally {
        setUploading((n) => n - 1);
      }
    }
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = () => {
    const body = text.trim();
    if ((!body && files.length === 0) || uploading > 0) return;
    const request = { text: body || undefined, fileIds: files.map((f) => f.id), isPrivateNote: isNote };
    const key = JSON.stringify(request);
    if (draft.current.key !== key) draft.current = { key, clientId: newClientId() };
    const sent = { text, files };
    // The reply shows at once as "sending"; should the request fail, it comes back here to send again.
    setText('');
    setFiles([]);
    send.mutate(
      { ...request, clientId: draft.current.clientId, attachments: files },
      {
        onSuccess: () => {
          draft.current = { key: '', clientId: '' };
        },
        onError: (error) => {
          notice.error(error);
          setText((current) => current || sent.text);
          setFiles((current) => (current.length ? current : sent.files));
        },
      },
    );
  };

  const pickCanned = (message: string) => {
    setText(message);
    setIsCannedOpen(false);
    focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isInlineOpen && inline.handleKey(e, pickCanned, submit)) return;
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
    if (e.key === 'Escape') {
      setIsCannedOpen(false);
      setIsInlineDismissed(isInlineOpen);
    }
  };

  return (
    <div className={`composer${isNote ? ' composer--note' : ''}`} data-testid="composer">
      {isLocked ? (
        <Alert
          type="warning"
          showIcon
          title={t('inbox.composer.locked')}
          description={
            <Button href={issue.replyLockedInboxUrl!} target="_blank" rel="noopener noreferrer" size="small">
              {t('inbox.composer.openMetaInbox')}
            </Button>
          }
          data-testid="reply-locked"
        />
      ) : (
        <>
          {issue.daysLeft !== null && (
            <div className="composer__window" data-testid="days-left">
              {issue.daysLeft > 1
                ? t('inbox.composer.daysLeft', { count: issue.daysLeft })
                : t('inbox.composer.lastDay')}
            </div>
          )}
          <Popover
            open={isCannedOpen || isInlineOpen}
            placement="topLeft"
            trigger={[]}
            content={
              isCannedOpen ? (
                <CannedPicker onPick={pickCanned} />
              ) : (
                <CannedMatches choice={inline} onPick={pickCanned} />
              )
            }
            title={t('inbox.composer.canned')}
          >
            <Input.TextArea
              ref={textArea}
              id={REPLY_BOX_ID}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                if (!e.target.value.startsWith('/')) setIsInlineDismissed(false);
                onTyping();
              }}
              onKeyDown={onKeyDown}
              autoSize={{ minRows: 2, maxRows: 8 }}
              placeholder={t(isNote ? 'inbox.composer.notePlaceholder' : 'inbox.composer.placeholder')}
              aria-label={t('inbox.composer.placeholder')}
              aria-keyshortcuts="R"
              {...(isInlineOpen ? inline.fieldAttributes : {})}
              data-testid="composer-input"
            />
          </Popover>
        </>
      )}
      {files.length > 0 && (
        <div className="composer__files">
          {files.map((file) => (
            <Tag
              key={file.id}
              closable
              onClose={() => setFiles((current) => current.filter((f) => f.id !== file.id))}
              closeIcon={<span aria-label={t('inbox.composer.removeFile', { name: file.filename })}>×</span>}
            >
              <PaperClipOutlined /> <SafeText text={file.filename} />
            </Tag>
          ))}
        </div>
      )}
      <div className="composer__actions">
        <Tooltip title={t('inbox.composer.attach')}>
          <Button
            icon={<PaperClipOutlined />}
            onClick={() => fileInput.current?.click()}
            disabled={isLocked}
            aria-label={t('inbox.composer.attach')}
            data-testid="attach"
          />
        </Tooltip>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          onChange={(e) => void addFiles(e.target.files)}
          data-testid="file-input"
        />
        <Tooltip title={t('inbox.composer.canned')}>
          <Button
            icon={<MessageOutlined />}
            onClick={() => setIsCannedOpen((open) => !open)}
            disabled={isLocked}
            aria-label={t('inbox.composer.canned')}
            aria-keyshortcuts="C"
            data-testid="canned-button"
          />
        </Tooltip>
        <label className="composer__note">
          <Switch
            size="small"
            checked={isNote}
            onChange={setIsNote}
            aria-keyshortcuts="P"
            data-testid="note-switch"
          />
          {t('inbox.composer.note')}
        </label>
        {uploading > 0 && (
          <span className="composer__uploading">
            <Spin size="small" /> {t('inbox.composer.uploading')}
          </span>
        )}
        <Button
          type="primary"
          icon={<SendOutlined />}
          onClick={submit}
          disabled={isLocked || uploading > 0 || (!text.trim() && files.length === 0)}
          data-testid="send"
        >
          {t('inbox.composer.send')}
        </Button>
      </div>
    </div>
  );
}

/** The canned-response button's picker: its own search box, then a response clicked or chosen with the keys. */
function CannedPicker({ onPick }: { onPick: (message: string) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const choice = useCannedChoice(typed, true);
  return (
    <div className="canned-picker" data-testid="canned-picker">
      <Input
        size="small"
        autoFocus
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onKeyDown={(e) => choice.handleKey(e, onPick)}
        placeholder={t('inbox.composer.cannedSearch')}
        aria-label={t('inbox.composer.cannedSearch')}
        {...choice.fieldAttributes}
      />
      <CannedOptions choice={choice} onPick={onPick} />
    </div>
  );
}

/** What `/deliv` in the reply box matches, the active one marked (the reply box keeps the focus). */
function CannedMatches({ choice, onPick }: CannedOptionsProps) {
  return (
    <div className="canned-picker" data-testid="canned-picker">
      <CannedOptions choice={choice} onPick={onPick} />
    </div>
  );
}

type CannedOptionsProps = { choice: CannedChoice; onPick: (message: string) => void };

function CannedOptions({ choice, onPick }: CannedOptionsProps) {
  const { t } = useTranslation();
  const { items, activeIndex } = choice;
  if (choice.isLoading) return <Spin size="small" />;
  if (!items?.length) return <p className="canned-picker__empty">{t('inbox.composer.cannedEmpty')}</p>;
  return (
    <ul
      className="canned-picker__list"
      id={CANNED_LIST_ID}
      role="listbox"
      aria-label={t('inbox.composer.canned')}
    >
      {items.map((item, index) => (
        <li
          key={item.id}
          id={cannedOptionId(index)}
          role="option"
          aria-selected={index === activeIndex}
          className={index === activeIndex ? 'canned-picker__option--active' : undefined}
          // The reply box keeps the focus (and its caret) while a response is clicked.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(item.message)}
          data-testid="canned-option"
        >
          <strong>{item.name}</strong>
          <span>{item.message}</span>
        </li>
      ))}
    </ul>
  );
}
