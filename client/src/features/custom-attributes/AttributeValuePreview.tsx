import { Chip } from 'primereact/chip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keyedTexts } from '../../components/keyed-texts.ts';
import type { AttributeType } from '../../entities/custom-attribute/custom-attribute.ts';
import { readAttributeValue } from '../../entities/custom-attribute/attribute-value.ts';
import { AttributeInput } from './AttributeInput.tsx';

/**
 * The attribute's field as suite, case, plan and result forms will show it,
 * to try a value against the type's rules before anyone has to fill it in.
 */
export function AttributeValuePreview({ type, required }: { type: AttributeType; required: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | null>(null);
  const read = readAttributeValue(type, text ?? '', required);
  // "Required" waits until the field has been used.
  const problem = !read.ok && text !== null ? t(read.message, read.values) : null;
  return (
    <fieldset className="attribute-preview">
      <legend>{t('catalogue.attribute.preview')}</legend>
      <label htmlFor="attribute-preview-value">{t('catalogue.attribute.previewValue')}</label>
      <AttributeInput id="attribute-preview-value" type={type} rows={4} value={text ?? ''} invalid={!!problem} onChange={setText} />
      {problem ? (
        <small className="p-error" role="alert">
          {problem}
        </small>
      ) : (
        read.ok &&
        read.value !== undefined && (
          <span className="attribute-preview__accepted">
            <i className="pi pi-check-circle" aria-hidden /> {t('catalogue.attribute.previewAccepted')}
            {type === 1 && keyedTexts(read.value as string[]).map(({ text, key }) => <Chip key={key} label={text} />)}
          </span>
        )
      )}
    </fieldset>
  );
}
