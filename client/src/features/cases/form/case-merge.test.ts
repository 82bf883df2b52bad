import type { Attachment } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import type { CaseFormValues } from './case-form.ts';
import { mergeCase, type SavedVersion } from './case-merge.ts';
import type { StepValues } from './steps.ts';

const step = (id: number, name: string, scenario = `Do ${name}`): StepValues => ({
  key: `step-${id}`,
  id,
  name,
  scenario,
  expected: '',
  attachments: [],
});
const file = (id: number): Attachment => ({ id, filename: `f${id}.txt` }) as Attachment;

const base: CaseFormValues = {
  name: 'Log in',
  suite: { id: 4, name: 'Login' },
  description: 'About logging in',
  setup: '',
  scenario: '',
  expected: '',
  teardown: '',
  estimate: '',
  is_steps: true,
  steps: [step(1, 'Open'), step(2, 'Type'), step(3, 'Submit')],
  labels: [{ id: 1, name: 'smoke' }],
  attributes: { attribute7: 'high' },
  attachments: [file(10)],
};
const values = (changes: Partial<CaseFormValues>): CaseFormValues => ({ ...base, ...changes });
const saved = (version: number, username: string, changes: Partial<CaseFormValues>): SavedVersion => ({
  version,
  username,
  date: `2026-03-0${version}T10:00:00Z`,
  values: values(changes),
});

describe('merging an edit with the versions saved since it was opened', () => {
  it('takes what only they changed, keeps what only I changed, and asks nothing when nobody changed the same thing', () => {
    const mine = values({ name: 'Sign in', description: 'Mine' });
    const theirs = saved(3, 'bob', { estimate: '1h', setup: 'Clear cookies', description: 'About logging in' });
    const merge = mergeCase(base, mine, [theirs]);
    expect(merge.items.map((item) => [item.key, item.outcome, item.changedBy?.username])).toEqual([
      ['field:setup', 'theirs', 'bob'],
      ['field:estimate', 'theirs', 'bob'],
    ]);
    expect(merge.resolve({})).toMatchObject({ name: 'Sign in', description: 'Mine', setup: 'Clear cookies', estimate: '1h' });
  });

  it('asks only about a field both changed differently, keeping mine until they choose theirs', () => {
    const mine = values({ name: 'Sign in' });
    const merge = mergeCase(base, mine, [saved(3, 'bob', { name: 'Log on' })]);
    expect(merge.items).toEqual([
      expect.objectContaining({ key: 'field:name', outcome: 'conflict', values: { type: 'text', mine: 'Sign in', theirs: 'Log on' } }),
    ]);
    expect(merge.resolve({}).name).toBe('Sign in');
    expect(merge.resolve({ 'field:name': 'theirs' }).name).toBe('Log on');
    // The same change on both sides is no conflict.
    expect(mergeCase(base, mine, [saved(3, 'bob', { name: 'Sign in' })]).items).toEqual([]);
  });

  it('names the version that changed each field last, among those saved since', () => {
    const chain = [
      saved(3, 'bob', { name: 'Log on' }),
      saved(4, 'carol', { name: 'Log on', teardown: 'Log out' }),
      saved(5, 'dan', { name: 'Log on', teardown: 'Log out', estimate: '5m' }),
    ];
    const merge = mergeCase(base, values({ name: 'Sign in' }), chain);
    expect(Object.fromEntries(merge.items.map((item) => [item.key, item.changedBy]))).toEqual({
      'field:name': { version: 3, username: 'bob', date: '2026-03-03T10:00:00Z' },
      'field:teardown': { version: 4, username: 'carol', date: '2026-03-04T10:00:00Z' },
      'field:estimate': { version: 5, username: 'dan', date: '2026-03-05T10:00:00Z' },
    });
    // A version amended in place has no newer version: its change is the current version's.
    expect(mergeCase(base, base, [saved(2, 'alice', { teardown: 'x' })]).items[0]!.changedBy).toMatchObject({
      version: 2,
      username: 'alice',
    });
  });

  it('merges labels and files both ways: their additions and removals with mine', () => {
    const mine = values({ labels: [{ id: 1, name: 'smoke' }, { name: 'mobile' }], attachments: [] });
    const theirs = saved(3, 'bob', { labels: [{ id: 2, name: 'ui' }], attachments: [file(10), file(11)] });
    const merge = mergeCase(base, mine, [theirs]);
    expect(merge.items.map((item) => [item.key, item.outcome])).toEqual([
      ['field:labels', 'merged'],
      ['field:attachments', 'merged'],
    ]);
    const merged = merge.resolve({});
    expect(merged.labels).toEqual([{ id: 2, name: 'ui' }, { name: 'mobile' }]);
    expect(merged.attachments.map((attachment) => attachment.id)).toEqual([11]);
  });

  it('merges steps one by one by their id: their edits, additions and deletions with mine, conflicts asked per step', () => {
    const mine = values({
      steps: [step(1, 'Open'), step(2, 'Type the password'), { ...step(0, 'Check'), id: undefined, key: 'new-step-9' }, step(3, 'Submit')],
    });
    const theirs = saved(3, 'bob', { steps: [step(1, 'Open the page'), step(2, 'Type the name'), step(3, 'Submit'), step(4, 'Log out')] });
    const merge = mergeCase(base, mine, [theirs]);
    expect(merge.items.map((item) => [item.key, item.outcome])).toEqual([
      ['step:id:1', 'theirs'],
      ['step:id:2', 'conflict'],
      ['step:id:4', 'theirs'],
    ]);
    const names = (choices: Record<string, 'mine' | 'theirs'>) => merge.resolve(choices).steps.map((each) => each.name);
    // Their new step goes after the one it follows there; my new step stays where I put it.
    expect(names({})).toEqual(['Open the page', 'Type the password', 'Check', 'Submit', 'Log out']);
    expect(names({ 'step:id:2': 'theirs' })).toEqual(['Open the page', 'Type the name', 'Check', 'Submit', 'Log out']);
  });

  it('asks about a step one side deleted and the other changed; a deletion of an untouched step goes through', () => {
    const mine = values({ steps: [step(1, 'Open'), step(3, 'Submit now')] });
    const theirs = saved(3, 'bob', { steps: [step(2, 'Type it'), step(3, 'Submit')] });
    const merge = mergeCase(base, mine, [theirs]);
    expect(merge.items.map((item) => [item.key, item.outcome, item.values])).toEqual([
      ['step:id:1', 'theirs', { type: 'step', mine: step(1, 'Open'), theirs: null }],
      ['step:id:2', 'conflict', { type: 'step', mine: null, theirs: step(2, 'Type it') }],
    ]);
    expect(merge.resolve({}).steps.map((each) => each.name)).toEqual(['Submit now']);
    expect(merge.resolve({ 'step:id:2': 'theirs' }).steps.map((each) => each.name)).toEqual(['Type it', 'Submit now']);
  });

  it('takes their order of the steps unless I reordered them too, which asks', () => {
    const reversed = [step(3, 'Submit'), step(2, 'Type'), step(1, 'Open')];
    const theirOrder = mergeCase(base, values({ steps: [step(1, 'Open'), step(2, 'Type it'), step(3, 'Submit')] }), [
      saved(3, 'bob', { steps: reversed }),
    ]);
    expect(theirOrder.items.map((item) => [item.key, item.outcome])).toEqual([['field:stepOrder', 'theirs']]);
    expect(theirOrder.resolve({}).steps.map((each) => each.name)).toEqual(['Submit', 'Type it', 'Open']);
    const both = mergeCase(base, values({ steps: [step(2, 'Type'), step(1, 'Open'), step(3, 'Submit')] }), [
      saved(3, 'bob', { steps: reversed }),
    ]);
    expect(both.items.map((item) => [item.key, item.outcome])).toEqual([['field:stepOrder', 'conflict']]);
    expect(both.resolve({}).steps.map((each) => each.id)).toEqual([2, 1, 3]);
    expect(both.resolve({ 'field:stepOrder': 'theirs' }).steps.map((each) => each.id)).toEqual([3, 2, 1]);
  });

  it('merges attributes one by one', () => {
    const mine = values({ attributes: { attribute7: 'low', attribute8: 'web' } });
    const merge = mergeCase(base, mine, [saved(3, 'bob', { attributes: { attribute7: 'medium', attribute9: 'v2' } })]);
    expect(merge.items.map((item) => [item.key, item.outcome])).toEqual([
      ['attribute:attribute7', 'conflict'],
      ['attribute:attribute9', 'theirs'],
    ]);
    expect(merge.resolve({ 'attribute:attribute7': 'theirs' }).attributes).toEqual({
      attribute7: 'medium',
      attribute8: 'web',
      attribute9: 'v2',
    });
  });
});
