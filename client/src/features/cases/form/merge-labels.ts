import type { CustomAttribute } from '@testament/contracts';
import type { TFunction } from 'i18next';
import { attributeKey } from '../../../entities/custom-attribute/attribute-value.ts';
import { CASE_FIELD_LABELS } from '../versions/field-labels.ts';
import type { MergeItem } from './case-merge.ts';

/** What a merge item is about, in the reader's language: a field, an attribute by its name, or a step by its name. */
export function mergeSubjectLabel(t: TFunction, { subject }: Pick<MergeItem, 'subject'>, attributes: readonly CustomAttribute[]): string {
  switch (subject.kind) {
    case 'field':
      return t(CASE_FIELD_LABELS[subject.field]);
    case 'attribute':
      return attributes.find((attribute) => attributeKey(attribute) === subject.key)?.name ?? subject.key;
    case 'step':
      return t('caseForm.merge.step', { name: subject.name });
  }
}
