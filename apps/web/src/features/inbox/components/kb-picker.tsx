import { useEffect, useRef, useState } from 'react';
import { Input, Spin, Tag, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KbSearchHit } from '@sabai/contracts';
import { SafeText } from '../../../components/safe-text';
import { useKbSearch } from '../api/knowledge-base';
import { plainText } from '../utils/article-reply';

/**
 * The composer's knowledge base search: words in Thai or English, the published articles best first; one
 * clicked (or chosen with the arrows and Enter) goes into the reply as its title and text.
 */
export function KbPicker({ onPick }: { onPick: (article: KbSearchHit) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const field = useRef<InputRef>(null);
  const search = useKbSearch(query);
  const items = query ? (search.data?.items ?? []) : [];
  // Searched once typing pauses, not at every letter.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  // Focused once shown (a popover without motion mounts its content while hidden).
  useEffect(() => {
    const frame = requestAnimationFrame(() => field.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (items.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length);
    } else if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      onPick(items[Math.min(active, items.length - 1)]!);
    }
  };

  return (
    <div className="kb-picker" data-testid="kb-picker">
      <Input
        ref={field}
        size="small"
        value={typed}
        onChange={(e) => {
          setTyped(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        placeholder={t('inbox.composer.kbSearch')}
        aria-label={t('inbox.composer.kbSearch')}
        data-testid="kb-picker-search"
      />
      {!query ? (
        <p className="kb-picker__hint">{t('inbox.composer.kbHint')}</p>
      ) : search.isError ? (
        <p className="kb-picker__hint" role="alert">
          {t('inbox.composer.kbFailed')}
        </p>
      ) : search.isLoading ? (
        <Spin size="small" />
      ) : items.length === 0 ? (
        <p className="kb-picker__hint">{t('inbox.composer.kbEmpty')}</p>
      ) : (
        <ul className="kb-picker__list" role="listbox" aria-label={t('inbox.composer.kb')}>
          {items.map((item, index) => (
            <li
              key={item.id}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'kb-picker__option--active' : undefined}
              onClick={() => onPick(item)}
              title={t('inbox.composer.kbInsert', { title: item.title })}
              data-testid="kb-option"
            >
              <span className="kb-picker__title">
                <SafeText text={item.title} />
                <Tag className="kb-picker__language">{item.language.toUpperCase()}</Tag>
              </span>
              <span className="kb-picker__body">{plainText(item.body)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
