import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { isValidColour } from '../utils/tag-form';

// A light colour field instead of antd's ColorPicker: the picker shares a module with Button
// (ColorPresets) and pulled its whole dependency tree into every screen's bundle.
const PRESETS = [
  '#f5222d',
  '#fa541c',
  '#fa8c16',
  '#faad14',
  '#a0d911',
  '#52c41a',
  '#13c2c2',
  '#1677ff',
  '#2f54eb',
  '#722ed1',
  '#eb2f96',
  '#8c8c8c',
] as const;

type ColourFieldProps = { id?: string; value?: string; onChange?: (value: string) => void };

/** A tag colour as '#rrggbb': preset swatches, the browser's colour picker and the hex text. */
export function ColourField({ id, value = '', onChange }: ColourFieldProps) {
  const { t } = useTranslation();
  const current = value.toLowerCase();
  return (
    <div className="colour-field">
      <div className="colour-field__swatches" role="group" aria-label={t('tags.form.presets')}>
        {PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className={`colour-field__swatch${current === preset ? ' is-selected' : ''}`}
            style={{ background: preset }}
            aria-label={preset}
            aria-pressed={current === preset}
            onClick={() => onChange?.(preset)}
          />
        ))}
      </div>
      <div className="colour-field__custom">
        <input
          type="color"
          className="colour-field__native"
          aria-label={t('tags.form.customColour')}
          value={isValidColour(current) ? current : '#000000'}
          onChange={(event) => onChange?.(event.target.value)}
        />
        <Input
          id={id}
          value={value}
          maxLength={7}
          className="colour-field__hex"
          aria-label={t('tags.form.colour')}
          onChange={(event) => onChange?.(event.target.value.trim())}
          data-testid="tag-colour"
        />
      </div>
    </div>
  );
}
