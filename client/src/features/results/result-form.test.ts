import { describe, expect, it } from 'vitest';
import { aCaseWithSteps, aResult, aResultAttribute } from '../../testing/result-fixtures.ts';
import {
  attributeNamesIn,
  canSubmit,
  createBody,
  patchBody,
  resultAttributesFor,
  resultFormDefaults,
  stepRows,
  type ResultFormValues,
} from './result-form.ts';

const found = aCaseWithSteps();
const browser = aResultAttribute(11, 'Browser', true);
const bug = aResultAttribute(12, 'Bug', true, [1]);
const mobile = aResultAttribute(13, 'Device', false, [], [99]);
const attributes = [browser, bug, mobile];

describe('the result attributes that apply (§4.17)', () => {
  it('are those of the case’s suite and of the chosen status; no list means any', () => {
    expect(resultAttributesFor(attributes, 4, 2).map((attribute) => attribute.name)).toEqual(['Browser']);
    expect(resultAttributesFor(attributes, 4, 1).map((attribute) => attribute.name)).toEqual(['Browser', 'Bug']);
    expect(resultAttributesFor(attributes, 99, null).map((attribute) => attribute.name)).toEqual(['Browser', 'Device']);
  });
});

describe('the result form’s start', () => {
  it('takes the default status and the case’s current steps for a new result', () => {
    const values = resultFormDefaults({ mode: 'add', found, source: null, defaultStatus: 2, attributes });
    expect(values).toMatchObject({ status: 2, comment: '', steps: { step71: null, step72: null }, attachments: [] });
    expect(values.attributes).toEqual({ attribute11: '', attribute12: '', attribute13: '' });
  });

  it('takes what the result says to edit or clone it; an edit keeps the steps of the result’s own version', () => {
    const source = aResult(20, { attributes: { Browser: 'Firefox' } });
    expect(resultFormDefaults({ mode: 'clone', found, source, defaultStatus: 2, attributes })).toMatchObject({
      status: 1,
      comment: 'It broke',
      steps: { step71: 2, step72: 1 },
    });
    expect(resultFormDefaults({ mode: 'edit', found, source, defaultStatus: 2, attributes }).attributes.attribute11).toBe('Firefox');
    expect(stepRows({ mode: 'edit', found: aCaseWithSteps({ steps: [] }), source })).toEqual([
      { step: 71, name: 'Open the login page', id: 901 },
      { step: 72, name: 'Type the password', id: 902 },
    ]);
  });
});

describe('submitting a result (§5)', () => {
  const filled: ResultFormValues = { status: 2, comment: '', steps: { step71: 2, step72: 2 }, attributes: {}, attachments: [] };

  it('needs a status and a status for every step', () => {
    expect(canSubmit('add', { ...filled, status: null }, true)).toBe(false);
    expect(canSubmit('add', { ...filled, steps: { step71: 2, step72: null } }, true)).toBe(false);
    expect(canSubmit('add', filled, true)).toBe(true);
  });

  it('needs a change to add or edit, but not to clone', () => {
    expect(canSubmit('add', filled, false)).toBe(false);
    expect(canSubmit('edit', filled, false)).toBe(false);
    expect(canSubmit('clone', filled, false)).toBe(true);
  });
});

describe('what is sent (§7)', () => {
  it('creates with a status per step and the attributes that apply, by name', () => {
    const values: ResultFormValues = {
      ...resultFormDefaults({ mode: 'add', found, source: null, defaultStatus: 1, attributes }),
      steps: { step71: 2, step72: 1 },
    };
    values.attributes = { attribute11: 'Chrome', attribute12: 'BUG-1', attribute13: 'Pixel' };
    expect(createBody(5, values, stepRows({ mode: 'add', found, source: null }), attributes, 4)).toEqual({
      test: 5,
      status: 1,
      comment: '',
      attachments: [],
      attributes: { Browser: 'Chrome', Bug: 'BUG-1' },
      steps_results: [
        { step: 71, status: 2 },
        { step: 72, status: 1 },
      ],
    });
  });

  it('edits with the test and the comment, and only the other fields that changed; step results carry their ids', () => {
    const source = aResult(20);
    const rows = stepRows({ mode: 'edit', found, source });
    const start = resultFormDefaults({ mode: 'edit', found, source, defaultStatus: 2, attributes });
    expect(patchBody(5, { ...start, comment: 'Fixed typo' }, source, rows, attributes, 4)).toEqual({ test: 5, comment: 'Fixed typo' });
    expect(patchBody(5, { ...start, status: 2, steps: { step71: 2, step72: 2 } }, source, rows, attributes, 4)).toEqual({
      test: 5,
      comment: 'It broke',
      status: 2,
      steps_results: [
        { id: 901, step: 71, status: 2 },
        { id: 902, step: 72, status: 2 },
      ],
    });
  });
});

describe('the server’s required attribute messages', () => {
  it('name the attributes', () => {
    expect(attributeNamesIn("Missing following required attributes: ['Browser', 'Bug id']")).toEqual(['Browser', 'Bug id']);
    expect(attributeNamesIn('Something else')).toEqual([]);
  });
});
