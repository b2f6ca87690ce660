// AI assist in the reply box: a suggested reply or a rewritten draft grows in the box as the
// model writes it; a translation puts the customer's language in the box and keeps the agent's own words
// in sight. Every answer is a draft: the agent reads, edits and sends it. A failure (AI off, endpoint down,
// slow, over budget) is a notice, and the draft the agent had stays.
import { useEffect, useRef, useState } from 'react';
import { Button, Dropdown, Tooltip, type MenuProps } from 'antd';
import { RobotOutlined, StopOutlined, UndoOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TextLanguage } from '@sabai/domain';
import { useNotice } from '../../../lib/notices';
import { SafeText } from '../../../components/safe-text';
import {
  rewriteDraft,
  suggestReply,
  translateDraft,
  useAssistFeatures,
  type AssistFeatures,
  type RewriteStyle,
} from '../api/assist';

type Action = 'suggest' | RewriteStyle | 'translate';

/** The agent's words a translation replaced, shown with the translation until sent or undone. */
type Translated = { original: string; to: TextLanguage };

/**
 * The reply box's assist state for one issue: what runs, what can be undone. `text` and `setText` are the
 * reply box's own draft.
 */
export function useComposerAssist(issueId: number, text: string, setText: (text: string) => void) {
  const notice = useNotice();
  const features = useAssistFeatures();
  const [running, setRunning] = useState<Action | null>(null);
  const [before, setBefore] = useState<string | null>(null);
  const [translated, setTranslated] = useState<Translated | null>(null);
  const controller = useRef<AbortController | null>(null);
  // Leaving the issue stops the model's answer: it is no longer wanted.
  useEffect(() => () => controller.current?.abort(), []);

  const run = async (action: Action) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const draft = text;
    setRunning(action);
    setBefore(draft);
    setTranslated(null);
    try {
      if (action === 'translate') {
        const result = await translateDraft(issueId, draft.trim());
        setText(result.text);
        setTranslated({ original: draft, to: result.to });
      } else if (action === 'suggest') {
        setText(await suggestReply(issueId, setText, abort.signal));
      } else {
        setText(await rewriteDraft(issueId, draft.trim(), action, setText, abort.signal));
      }
    } catch (error) {
      setText(draft);
      setBefore(null);
      if (!abort.signal.aborted) notice.error(error, 'inbox.assist.failed');
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        setRunning(null);
      }
    }
  };

  const stop = () => {
    controller.current?.abort();
  };
  const undo = () => {
    if (before !== null) setText(before);
    setBefore(null);
    setTranslated(null);
  };
  /** The draft was sent or cleared: nothing left to undo. */
  const forget = () => {
    setBefore(null);
    setTranslated(null);
  };
  return {
    features,
    running,
    canUndo: before !== null && running === null,
    translated,
    run,
    stop,
    undo,
    forget,
  };
}

export type ComposerAssist = ReturnType<typeof useComposerAssist>;

/** The AI button of the reply box: the actions the organisation has on. Hidden while none is. */
export function AssistMenuButton({
  assist,
  hasDraft,
  disabled,
}: {
  assist: ComposerAssist;
  hasDraft: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const items = menuItems(t, assist.features, hasDraft);
  if (items.length === 0) return null;
  return (
    <Dropdown
      menu={{ items, onClick: ({ key }) => void assist.run(key as Action) }}
      trigger={['click']}
      disabled={disabled || assist.running !== null}
    >
      <Tooltip title={t('inbox.assist.button')}>
        <Button
          icon={<RobotOutlined />}
          loading={assist.running !== null}
          aria-label={t('inbox.assist.button')}
          data-testid="assist-button"
        />
      </Tooltip>
    </Dropdown>
  );
}

function menuItems(
  t: TFunction,
  features: AssistFeatures,
  hasDraft: boolean,
): NonNullable<MenuProps['items']> {
  const items: NonNullable<MenuProps['items']> = [];
  if (features.suggest) items.push({ key: 'suggest', label: t('inbox.assist.suggest') });
  if (features.rewrite)
    items.push({
      key: 'rewrite',
      type: 'group',
      label: hasDraft ? t('inbox.assist.rewrite') : t('inbox.assist.rewriteNeedsDraft'),
      children: (['polite', 'shorter', 'friendlier'] as const).map((style) => ({
        key: style,
        label: t(`inbox.assist.styles.${style}`),
        disabled: !hasDraft,
      })),
    });
  if (features.translate)
    items.push({ key: 'translate', label: t('inbox.assist.translateDraft'), disabled: !hasDraft });
  return items;
}

/** Above the reply box: the model writing (with Stop), or the AI draft to check (with Undo). */
export function AssistStatusBar({ assist }: { assist: ComposerAssist }) {
  const { t } = useTranslation();
  const languageName = (language: TextLanguage) => t(`inbox.assist.languages.${language}`);
  if (assist.running)
    return (
      <div className="assist-status" role="status" data-testid="assist-status">
        <RobotOutlined /> {t('inbox.assist.writing')}
        {assist.running !== 'translate' && (
          <Button
            size="small"
            type="text"
            icon={<StopOutlined />}
            onClick={assist.stop}
            data-testid="assist-stop"
          >
            {t('inbox.assist.stop')}
          </Button>
        )}
      </div>
    );
  if (!assist.canUndo) return null;
  return (
    <div className="assist-status assist-status--done" role="status" data-testid="assist-status">
      {assist.translated ? (
        <div className="assist-status__translation" data-testid="assist-original">
          <span>{t('inbox.assist.translatedTo', { language: languageName(assist.translated.to) })}</span>
          <q>
            <SafeText text={assist.translated.original} />
          </q>
        </div>
      ) : (
        <span>
          <RobotOutlined /> {t('inbox.assist.checkDraft')}
        </span>
      )}
      <Button
        size="small"
        type="text"
        icon={<UndoOutlined />}
        onClick={assist.undo}
        data-testid="assist-undo"
      >
        {assist.translated ? t('inbox.assist.backToOriginal') : t('inbox.assist.undo')}
      </Button>
    </div>
  );
}
