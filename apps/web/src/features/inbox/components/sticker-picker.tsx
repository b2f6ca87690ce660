import { useState } from 'react';
import { Button, Popover, Spin, Tooltip } from 'antd';
import { SmileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { StickerCatalogue } from '@sabai/contracts';
import { useStickers } from '../api/messages';
import { RetryNotice } from '../../../components/retry-notice';

type StickerChoice = StickerCatalogue['recent'][number];

/**
 * LINE stickers: the button opens the packages an account may send (LINE's list), the agent's recent
 * stickers first; a click sends the sticker at once.
 */
export function StickerButton({
  onPick,
  disabled,
}: {
  onPick: (sticker: StickerChoice) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Popover
      open={isOpen}
      onOpenChange={setIsOpen}
      trigger="click"
      placement="top"
      title={t('inbox.stickers.title')}
      content={
        isOpen && (
          <StickerPicker
            onPick={(sticker) => {
              setIsOpen(false);
              onPick(sticker);
            }}
          />
        )
      }
    >
      <Tooltip title={t('inbox.stickers.open')}>
        <Button
          icon={<SmileOutlined />}
          disabled={disabled}
          aria-label={t('inbox.stickers.open')}
          data-testid="sticker-button"
        />
      </Tooltip>
    </Popover>
  );
}

function StickerPicker({ onPick }: { onPick: (sticker: StickerChoice) => void }) {
  const { t } = useTranslation();
  const stickers = useStickers(true);
  const [chosen, setChosen] = useState<string | null>(null);
  if (stickers.isPending) return <Spin size="small" />;
  if (stickers.isError) return <RetryNotice onRetry={() => void stickers.refetch()} />;
  const { recent, packages } = stickers.data;
  // The recent stickers first when there are any; then LINE's packages, each shown by its first sticker.
  const shelves = [
    ...(recent.length ? [{ key: 'recent', stickers: recent }] : []),
    ...packages.map((p) => ({ key: p.packageId, stickers: p.stickers })),
  ];
  const shown = shelves.find((shelf) => shelf.key === chosen) ?? shelves[0];
  return (
    <div className="sticker-picker" data-testid="sticker-picker">
      <div className="sticker-picker__shelves" role="group" aria-label={t('inbox.stickers.title')}>
        {shelves.map((shelf) => (
          <button
            key={shelf.key}
            type="button"
            className="sticker-picker__shelf"
            aria-pressed={shelf === shown}
            onClick={() => setChosen(shelf.key)}
          >
            {shelf.key === 'recent' ? (
              t('inbox.stickers.recent')
            ) : (
              <img
                src={shelf.stickers[0]?.imageUrl}
                alt={t('inbox.stickers.package', { id: shelf.key })}
                width={28}
                height={28}
              />
            )}
          </button>
        ))}
      </div>
      {shown && <StickerGrid stickers={shown.stickers} onPick={onPick} />}
    </div>
  );
}

function StickerGrid({
  stickers,
  onPick,
}: {
  stickers: StickerChoice[];
  onPick: (sticker: StickerChoice) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="sticker-picker__grid">
      {stickers.map((s) => (
        <li key={`${s.packageId}:${s.stickerId}`}>
          <button
            type="button"
            className="sticker-picker__sticker"
            onClick={() => onPick(s)}
            aria-label={t('inbox.stickers.send', { id: s.stickerId })}
            data-testid="sticker-option"
          >
            <img src={s.imageUrl} alt="" loading="lazy" width={56} height={56} />
          </button>
        </li>
      ))}
    </ul>
  );
}
