import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import type { AttributeType } from '../../entities/custom-attribute/custom-attribute.ts';

interface AttributeInputProps {
  id: string;
  type: AttributeType;
  value: string;
  invalid: boolean;
  onChange(text: string): void;
  onBlur?(): void;
  rows?: number;
}

/** A custom attribute's value as every form takes it, by its type (§4.17): text on one line, a list one item a line, JSON as written. */
export function AttributeInput({ id, type, value, invalid, onChange, onBlur, rows = 3 }: AttributeInputProps) {
  const { t } = useTranslation();
  if (type === 0)
    return <InputText id={id} value={value} invalid={invalid} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} />;
  return (
    <InputTextarea
      id={id}
      rows={rows}
      autoResize
      value={value}
      invalid={invalid}
      placeholder={t(type === 1 ? 'catalogue.attribute.listHint' : 'catalogue.attribute.jsonHint')}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}
