import { useRef, useState } from 'react';
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { addKeywords } from '../utils/comment-rules';
import type { KeywordLimits, KeywordsOutcome } from '../utils/comment-rules';
import type { TranslationKey } from '@sabai/i18n';

type KeywordTagsProps = {
  /** From Form.Item: the label points at the input. */
  id?: string;
  value?: string[];
  onChange?: (keywords: string[]) => void;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  disabled?: boolean;
  /** Another list than a comment rule's keywords: its limits, texts and test id prefix. */
  limits?: KeywordLimits;
  texts?: { list: TranslationKey; remove: TranslationKey; placeholder: TranslationKey };
  testId?: string;
};

const RULE_TEXTS = {
  list: 'channels.commentRules.keywords',
  remove: 'channels.commentRules.removeKeyword',
  placeholder: 'channels.commentRules.keywordPlaceholder',
} as const satisfies KeywordTagsProps['texts'];

/**
 * A rule's keywords as tags: Enter or a comma adds what was typed (a pasted "CF, สนใจ" adds both), each tag
 * has its own remove button, Backspace in the empty input takes the last one back for editing. Leaving the
 * input adds what is in it, so a keyword typed just before Save is not lost.
 */
export function KeywordTags({
  id,
  value = [],
  onChange,
  disabled,
  limits,
  texts = RULE_TEXTS,
  testId = 'rule-keyword',
  ...aria
}: KeywordTagsProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<KeywordsOutcome['problem']>(null);
  const problemId = id ? `${id}_problem` : undefined;

  function commit(typed: string, isComplete: boolean) {
    const outcome = addKeywords(value, typed, isComplete, limits);
    if (outcome.keywords.length !== value.length) onChange?.(outcome.keywords);
    setDraft(outcome.rest);
    setProblem(outcome.problem);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Thai and other input methods confirm their text with Enter: that Enter is theirs.
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter') {
      // Enter adds the keyword; it never submits the rules.
      event.preventDefault();
      commit(draft, true);
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      event.preventDefault();
      const last = value[value.length - 1] ?? '';
      onChange?.(value.slice(0, -1));
      setDraft(last);
      setProblem(null);
    }
  }

  function handlePaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData('text');
    if (!/[,，\n]/.test(pasted)) return;
    event.preventDefault();
    commit(`${draft}${pasted.replace(/\r?\n/g, ',')}`, true);
  }

  function remove(keyword: string) {
    onChange?.(value.filter((item) => item !== keyword));
    setProblem(null);
    inputRef.current?.focus();
  }

  return (
    <>
      <div
        className={`keyword-tags${aria['aria-invalid'] === true || aria['aria-invalid'] === 'true' ? ' keyword-tags--invalid' : ''}${disabled ? ' keyword-tags--disabled' : ''}`}
        onClick={(event) => {
          if (event.target === event.currentTarget) inputRef.current?.focus();
        }}
        data-testid={`${testId}s`}
      >
        <ul className="keyword-tags__list" aria-label={t(texts.list)}>
          {value.map((keyword) => (
            <li key={keyword} className="keyword-tags__tag" data-testid={testId}>
              <span className="keyword-tags__text">{keyword}</span>
              {!disabled && (
                <button
                  type="button"
                  className="keyword-tags__remove"
                  aria-label={t(texts.remove, { keyword })}
                  title={t(texts.remove, { keyword })}
                  onClick={() => remove(keyword)}
                >
                  <CloseOutlined aria-hidden />
                </button>
              )}
            </li>
          ))}
        </ul>
        <input
          ref={inputRef}
          id={id}
          className="keyword-tags__input"
          value={draft}
          disabled={disabled}
          placeholder={value.length === 0 ? t(texts.placeholder) : undefined}
          aria-invalid={aria['aria-invalid']}
          aria-describedby={
            [aria['aria-describedby'], problem ? problemId : undefined].filter(Boolean).join(' ') || undefined
          }
          enterKeyHint="done"
          autoComplete="off"
          onChange={(event) => {
            const typed = event.target.value;
            setProblem(null);
            if (/[,，]/.test(typed)) commit(typed, false);
            else setDraft(typed);
          }}
          onKeyDown={handleKeyDown}
          onPaste={handlePaste}
          onBlur={() => {
            if (draft.trim()) commit(draft, true);
          }}
          data-testid={`${testId}-input`}
        />
      </div>
      {problem && (
        <div id={problemId} className="keyword-tags__problem" role="alert">
          {t(problem.key, { max: problem.max })}
        </div>
      )}
    </>
  );
}
