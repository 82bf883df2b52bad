import { ValidationError, suiteMessages } from '@testament/contracts';

const isEmptyValue = (value: unknown) =>
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && Object.keys(value as object).length === 0);

/**
 * Every required custom attribute present and not empty; other keys are accepted as they are (§4.17). Suites, plans and results share the
 * rule.
 */
export function requireAttributes(attributes: Record<string, unknown>, required: readonly string[]): void {
  const missing = required.filter((name) => !(name in attributes));
  if (missing.length > 0) throw ValidationError.of('attributes', suiteMessages.missingAttributes(missing));
  const empty = required.filter((name) => isEmptyValue(attributes[name]));
  if (empty.length > 0) throw ValidationError.of('attributes', suiteMessages.emptyAttributes(empty));
}
