import { ColorPicker } from 'primereact/colorpicker';
import { useTranslation } from 'react-i18next';
import { useVisibleColor } from '../../theme/visible-color.ts';
import { PALETTE, isPaletteColor, rgbColor, toRgb, type Rgb } from './color.ts';

interface ColorFieldProps {
  id: string;
  value: string;
  onChange(color: string): void;
}

/** Seven preset swatches and an rgb picker for any other colour (§9). */
export function ColorField({ id, value, onChange }: ColorFieldProps) {
  const { t } = useTranslation();
  const custom = value !== '' && !isPaletteColor(value);
  return (
    <div className="color-field">
      <div className="color-field__palette" role="radiogroup" aria-labelledby={`${id}-label`}>
        {PALETTE.map((preset) => {
          const chosen = preset.value.toLowerCase() === value.toLowerCase();
          return (
            // biome-ignore lint/a11y/useSemanticElements: colour swatches, each a tab stop; radios would change the look and keys
            <button
              key={preset.value}
              type="button"
              role="radio"
              aria-checked={chosen}
              aria-label={t(`colors.${preset.name}`)}
              title={t(`colors.${preset.name}`)}
              className={`color-field__swatch${chosen ? ' is-chosen' : ''}`}
              style={{ background: preset.value }}
              onClick={() => onChange(preset.value)}
            />
          );
        })}
      </div>
      <span className={`color-field__custom${custom ? ' is-chosen' : ''}`}>
        <ColorPicker
          inputId={id}
          format="rgb"
          value={toRgb(value) ?? { r: 128, g: 128, b: 128 }}
          onChange={(event) => onChange(rgbColor(event.value as Rgb))}
          aria-label={t('colors.custom')}
        />
        <label htmlFor={id}>{t('colors.custom')}</label>
      </span>
    </div>
  );
}

/**
 * A colour shown as a round dot, as statuses and labels are everywhere; one too faint for the theme is drawn so it shows (`visibleColor`).
 */
export function ColorDot({ color }: { color: string | null }) {
  const visible = useVisibleColor();
  return <span className="color-dot" style={{ background: color === null ? 'transparent' : visible(color) }} aria-hidden />;
}
