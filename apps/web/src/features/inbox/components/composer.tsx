import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Input, Popover, Spin, Switch, Tag, Tooltip, type InputRef } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import {
  BookOutlined,
  CloseOutlined,
  MessageOutlined,
  PaperClipOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isAllowedAttachment, isFinalStatus, maxAttachmentBytes } from '@sabai/domain';
import { useNotice } from '../../../lib/notices';
import type { IssueDetail } from '../api/issues';
import { uploadFile, useSendMessage, type Message, type UploadedFile } from '../api/messages';
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
import { TextWithNames } from '../../../components/text-with-names';
import {
  QUICK_REPLY_TYPES_OF,
  type CannedResponse,
  type QuickReply,
  type StickerCatalogue,
} from '@sabai/contracts';
import { StickerButton } from './sticker-picker';
import { KbPicker } from './kb-picker';
import { withArticle } from '../utils/article-reply';
import { QuickRepliesButton, QuickReplyTags } from '../../../components/quick-replies-editor';
import { AssistMenuButton, AssistStatusBar, useComposerAssist } from './composer-assist';

/** A unique enough id for one draft (crypto.randomUUID needs a secure context, which plain http is not). */
const newClientId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 14)}`;

/**
 * In a comment thread: the comment a public reply answers (null: none to answer yet), whether the agent chose
 * it (with Reply, shown with a cancel) or it is the latest one, and what cancelling or sending does.
 */
export type CommentReplyTarget = {
  target: Message | null;
  isChosen: boolean;
  onCancel: () => void;
};

/** `onTyping(isReply)`: the agent typed; a reply (not a private note) is also shown to the customer. */
type ComposerProps = {
  issue: IssueDetail;
  onTyping: (isReply: boolean) => void;
  /** A comment issue: replies are public, text only, under `comment.target`. */
  comment?: CommentReplyTarget;
};

/**
 * Reply box: Enter sends, Shift+Enter adds a line; `/` and a few letters filter the canned responses in
 * place (arrows move, Enter or Tab inserts, Esc closes), the button opens them with a search; files are
 * checked for type and size before upload. The draft is kept per issue until sent. Locked, with the reason,
 * when the issue is finished or Meta's 7-day window has passed (with the link to answer from Meta's inbox).
 * In a comment thread the reply is public and text only, under the comment chosen (or the latest one).
 * Render it with `key={issue.id}`: its state is one issue's draft.
 */
export function Composer({ issue, onTyping, comment }: ComposerProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const send = useSendMessage(issue.id);
  const [text, setText] = useState(() => readDraft(issue.id)?.text ?? '');
  const [isNote, setIsNote] = useState(() => readDraft(issue.id)?.isNote ?? false);
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [quickReplies, setQuickReplies] = useState<QuickReply[]>([]);
  const [uploading, setUploading] = useState(0);
  const [isCannedOpen, setIsCannedOpen] = useState(false);
  const [isKbOpen, setIsKbOpen] = useState(false);
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
  // A reply to a comment is text only: no files, stickers or buttons.
  const isComment = comment !== undefined;
  const replyTarget = isComment && !isNote ? comment.target : null;
  const targetName = comment?.target?.comment?.authorName ?? '';
  const hasNoTarget = isComment && !isNote && comment.target === null;
  // A note stays inside the team: it can be written when the customer cannot be reached.
  const isLocked =
    (issue.replyLockedInboxUrl !== null || issue.customerBlocked || issue.chatInStandby) && !isNote;
  const focus = () => textArea.current?.focus();
  useEffect(() => saveDraft(issue.id, { text, isNote }), [issue.id, text, isNote]);
  useShortcutKey(SHORTCUTS.reply, focus, isOpen);
  useShortcutKey(SHORTCUTS.canned, () => setIsCannedOpen(true), isOpen && !isLocked);
  useShortcutKey(SHORTCUTS.note, () => setIsNote((on) => !on), isOpen);
  const assist = useComposerAssist(issue.id, text, setText);
  // The model writes in the box: the agent edits once it has finished.
  const isAssistWriting = assist.running !== null;

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
    if ((!body && files.length === 0) || uploading > 0 || isAssistWriting) return;
    if (hasNoTarget) return;
    const buttons = isNote ? [] : quickReplies;
    const request = {
      text: body || undefined,
      fileIds: files.map((f) => f.id),
      isPrivateNote: isNote,
      ...(buttons.length ? { quickReplies: buttons } : {}),
      ...(replyTarget ? { replyToMessageId: replyTarget.id } : {}),
    };
    const key = JSON.stringify(request);
    if (draft.current.key !== key) draft.current = { key, clientId: newClientId() };
    const sent = { text, files, buttons };
    // The reply shows at once as "sending"; should the request fail, it comes back here to send again.
    setText('');
    setFiles([]);
    setQuickReplies([]);
    assist.forget();
    send.mutate(
      { ...request, clientId: draft.current.clientId, attachments: files },
      {
        onSuccess: () => {
          draft.current = { key: '', clientId: '' };
          // The next reply goes to the latest comment again, unless the agent chooses another.
          if (comment?.isChosen && replyTarget) comment.onCancel();
        },
        onError: (error) => {
          notice.error(error);
          setText((current) => current || sent.text);
          setFiles((current) => (current.length ? current : sent.files));
          setQuickReplies((current) => (current.length ? current : sent.buttons));
        },
      },
    );
  };

  const sendSticker = ({ packageId, stickerId, imageUrl }: StickerCatalogue['recent'][number]) => {
    send.mutate(
      {
        sticker: { packageId, stickerId },
        isPrivateNote: false,
        clientId: newClientId(),
        attachments: [],
        shownSticker: { packageId, stickerId, imageUrl, keywords: [] },
      },
      { onError: (error) => notice.error(error) },
    );
  };

  /** A canned response fills the reply: its text, its files, and the buttons this channel can carry. */
  const pickCanned = (response: CannedResponse) => {
    setText(response.message);
    setIsCannedOpen(false);
    focus();
    if (isComment) return;
    if (response.attachments.length) setFiles(response.attachments);
    const types = QUICK_REPLY_TYPES_OF[issue.channel.type];
    const buttons = response.quickReplies.filter((q) => types.includes(q.type));
    if (buttons.length) setQuickReplies(buttons);
  };

  const placeholder = isNote
    ? t('inbox.composer.notePlaceholder')
    : !isComment
      ? t('inbox.composer.placeholder')
      : comment.target
        ? t('inbox.comments.composer.placeholder', { name: targetName })
        : t('inbox.comments.composer.noComment');

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
      {isLocked && issue.customerBlocked ? (
        <Alert type="warning" showIcon title={t('inbox.composer.blocked')} data-testid="reply-blocked" />
      ) : isLocked && issue.chatInStandby ? (
        <Alert type="info" showIcon title={t('inbox.composer.standby')} data-testid="reply-standby" />
      ) : isLocked ? (
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
          {isComment && !isNote && comment.isChosen && comment.target && (
            <div className="composer__target" data-testid="reply-target">
              <span>
                <TextWithNames
                  sentence={(names) => t('inbox.comments.composer.replyingTo', { name: names.name })}
                  names={{ name: targetName }}
                />
              </span>
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                onClick={comment.onCancel}
                aria-label={t('inbox.comments.composer.cancelReply', { name: targetName })}
                data-testid="cancel-reply-target"
              />
            </div>
          )}
          {issue.daysLeft !== null && !isComment && (
            <div className="composer__window" data-testid="days-left">
              {issue.daysLeft > 1
                ? t('inbox.composer.daysLeft', { count: issue.daysLeft })
                : t('inbox.composer.lastDay')}
            </div>
          )}
          {!isNote && <AssistStatusBar assist={assist} />}
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
                onTyping(!isNote);
              }}
              onKeyDown={onKeyDown}
              readOnly={isAssistWriting}
              autoSize={{ minRows: 2, maxRows: 8 }}
              placeholder={placeholder}
              aria-label={isComment ? placeholder : t('inbox.composer.placeholder')}
              aria-keyshortcuts="R"
              {...(isInlineOpen ? inline.fieldAttributes : {})}
              data-testid="composer-input"
            />
          </Popover>
        </>
      )}
      {!isNote && !isComment && <QuickReplyTags value={quickReplies} onChange={setQuickReplies} />}
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
        {!isComment && (
          <>
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
          </>
        )}
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
        <Popover
          open={isKbOpen}
          onOpenChange={setIsKbOpen}
          trigger="click"
          placement="topLeft"
          title={t('inbox.composer.kb')}
          destroyOnHidden
          content={
            <KbPicker
              onPick={(article) => {
                setText((current) => withArticle(current, article));
                setIsKbOpen(false);
                focus();
              }}
            />
          }
        >
          <Tooltip title={t('inbox.composer.kb')}>
            <Button
              icon={<BookOutlined />}
              disabled={isLocked}
              aria-label={t('inbox.composer.kb')}
              data-testid="kb-button"
            />
          </Tooltip>
        </Popover>
        {!isNote && !isComment && issue.channel.type === 'line' && (
          <StickerButton onPick={sendSticker} disabled={isLocked} />
        )}
        {!isNote && !isComment && (
          <QuickRepliesButton
            channelType={issue.channel.type}
            value={quickReplies}
            onChange={setQuickReplies}
            disabled={isLocked}
          />
        )}
        {!isNote && !isComment && (
          <AssistMenuButton assist={assist} hasDraft={text.trim().length > 0} disabled={isLocked} />
        )}
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
          disabled={
            isLocked ||
            hasNoTarget ||
            uploading > 0 ||
            isAssistWriting ||
            (!text.trim() && files.length === 0)
          }
          data-testid="send"
        >
          {t('inbox.composer.send')}
        </Button>
      </div>
    </div>
  );
}

/** The canned-response button's picker: its own search box, then a response clicked or chosen with the keys. */
export function CannedPicker({ onPick }: { onPick: (response: CannedResponse) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const choice = useCannedChoice(typed, true);
  const search = useRef<InputRef>(null);
  // Not `autoFocus`: a popover opened again without motion (reduced motion) mounts its content while still
  // hidden, where focusing does nothing; a frame later it is shown.
  useEffect(() => {
    const frame = requestAnimationFrame(() => search.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div className="canned-picker" data-testid="canned-picker">
      <Input
        ref={search}
        size="small"
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

type CannedOptionsProps = { choice: CannedChoice; onPick: (response: CannedResponse) => void };

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
          onClick={() => onPick(item)}
          data-testid="canned-option"
        >
          <strong>{item.name}</strong>
          <span>{item.message}</span>
        </li>
      ))}
    </ul>
  );
}
