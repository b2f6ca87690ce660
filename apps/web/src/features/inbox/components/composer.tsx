import { useRef, useState } from 'react';
import { Alert, Button, Input, Popover, Spin, Switch, Tag, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { MessageOutlined, PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isAllowedAttachment, isFinalStatus, maxAttachmentBytes } from '@sabai/domain';
import { useNotice } from '../../../lib/notices';
import type { IssueDetail } from '../api/issues';
import { uploadFile, useCannedSearch, useSendMessage, type UploadedFile } from '../api/messages';
import { SafeText } from '../../../components/safe-text';

/** A unique enough id for one draft (crypto.randomUUID needs a secure context, which plain http is not). */
const newClientId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 14)}`;

type ComposerProps = { issue: IssueDetail; onTyping: () => void };

/**
 * Reply box: Enter sends, Shift+Enter adds a line, `/` (or the button) opens canned responses, files are
 * checked for type and size before upload. Locked, with the reason, when the issue is finished or Meta's
 * 7-day window has passed (with the link to answer from Meta's inbox).
 */
export function Composer({ issue, onTyping }: ComposerProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const send = useSendMessage(issue.id);
  const [text, setText] = useState('');
  const [isNote, setIsNote] = useState(false);
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [uploading, setUploading] = useState(0);
  const [isCannedOpen, setIsCannedOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<TextAreaRef>(null);
  // The draft being sent and its client id: sending the same draft again (after an error whose answer
  // was lost) reuses the id, so the server returns the first message instead of storing a second.
  const draft = useRef({ key: '', clientId: '' });

  if (isFinalStatus(issue.status)) {
    return <Alert className="composer__locked" type="info" showIcon title={t('inbox.composer.closed')} />;
  }
  const isLocked = issue.replyLockedInboxUrl !== null && !isNote;
  const cannedSearch = text.startsWith('/') ? text.slice(1) : '';

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
    if ((!body && files.length === 0) || send.isPending || uploading > 0) return;
    const request = { text: body || undefined, fileIds: files.map((f) => f.id), isPrivateNote: isNote };
    const key = JSON.stringify(request);
    if (draft.current.key !== key) draft.current = { key, clientId: newClientId() };
    send.mutate(
      { ...request, clientId: draft.current.clientId },
      {
        onSuccess: () => {
          draft.current = { key: '', clientId: '' };
          setText('');
          setFiles([]);
        },
        onError: (error) => notice.error(error),
      },
    );
  };

  const pickCanned = (message: string) => {
    setText(message);
    setIsCannedOpen(false);
    textArea.current?.focus();
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
            open={isCannedOpen || cannedSearch.length > 0 || text === '/'}
            placement="topLeft"
            trigger={[]}
            content={<CannedPicker search={cannedSearch} onPick={pickCanned} />}
            title={t('inbox.composer.canned')}
          >
            <Input.TextArea
              ref={textArea}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                onTyping();
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  if (!text.startsWith('/')) submit();
                }
                if (e.key === 'Escape') setIsCannedOpen(false);
              }}
              autoSize={{ minRows: 2, maxRows: 8 }}
              placeholder={t(isNote ? 'inbox.composer.notePlaceholder' : 'inbox.composer.placeholder')}
              aria-label={t('inbox.composer.placeholder')}
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
            data-testid="canned-button"
          />
        </Tooltip>
        <label className="composer__note">
          <Switch size="small" checked={isNote} onChange={setIsNote} data-testid="note-switch" />
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
          loading={send.isPending}
          disabled={isLocked || uploading > 0 || (!text.trim() && files.length === 0)}
          data-testid="send"
        >
          {t('inbox.composer.send')}
        </Button>
      </div>
    </div>
  );
}

function CannedPicker({ search, onPick }: { search: string; onPick: (message: string) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const term = search || typed;
  const canned = useCannedSearch(term, true);
  return (
    <div className="canned-picker" data-testid="canned-picker">
      {!search && (
        <Input
          size="small"
          autoFocus
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={t('inbox.composer.cannedSearch')}
        />
      )}
      {canned.isLoading ? (
        <Spin size="small" />
      ) : canned.data?.items.length ? (
        <ul className="canned-picker__list">
          {canned.data.items.map((item) => (
            <li key={item.id}>
              <button type="button" onClick={() => onPick(item.message)} data-testid="canned-option">
                <strong>{item.name}</strong>
                <span>{item.message}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="canned-picker__empty">{t('inbox.composer.cannedEmpty')}</p>
      )}
    </div>
  );
}
