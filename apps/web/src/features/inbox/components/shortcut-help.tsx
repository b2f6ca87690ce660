import { useState } from 'react';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@sabai/i18n';
import { useShortcutKey } from '../hooks/use-shortcut-key';
import { keyLabel, SHORTCUTS, type ShortcutAction } from '../utils/shortcuts';

const LABELS: Record<ShortcutAction, TranslationKey> = {
  next: 'inbox.shortcuts.next',
  previous: 'inbox.shortcuts.previous',
  reply: 'inbox.shortcuts.reply',
  search: 'inbox.shortcuts.search',
  takeIssue: 'inbox.shortcuts.takeIssue',
  takeNext: 'inbox.shortcuts.takeNext',
  resolve: 'inbox.shortcuts.resolve',
  canned: 'inbox.shortcuts.canned',
  note: 'inbox.shortcuts.note',
  help: 'inbox.shortcuts.help',
};

/** The "?" button beside the filters and the help sheet it (or the ? key) opens: every shortcut and its keys. */
export function ShortcutHelp() {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  useShortcutKey(SHORTCUTS.help, () => setIsOpen(true));
  return (
    <>
      <Button
        type="text"
        onClick={() => setIsOpen(true)}
        aria-label={t('inbox.shortcuts.open')}
        title={t('inbox.shortcuts.open')}
        aria-keyshortcuts="Shift+?"
        data-testid="shortcut-help-button"
      >
        ?
      </Button>
      <Modal
        open={isOpen}
        title={t('inbox.shortcuts.title')}
        footer={null}
        onCancel={() => setIsOpen(false)}
        data-testid="shortcut-help"
      >
        <p>{t('inbox.shortcuts.intro')}</p>
        <dl className="shortcut-help">
          {(Object.keys(SHORTCUTS) as ShortcutAction[]).map((action) => (
            <div key={action} className="shortcut-help__row">
              <dt>
                {SHORTCUTS[action].map((key, i) => (
                  <span key={key}>
                    {i > 0 && ' / '}
                    <kbd>{keyLabel(key)}</kbd>
                  </span>
                ))}
              </dt>
              <dd>{t(LABELS[action])}</dd>
            </div>
          ))}
        </dl>
        <p className="shortcut-help__composer">{t('inbox.shortcuts.composer')}</p>
      </Modal>
    </>
  );
}
