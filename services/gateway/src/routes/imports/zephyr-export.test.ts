import { LIMITS, ValidationError } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { plainText, readZephyrExport } from './zephyr-export.ts';

const read = (text: string) => readZephyrExport(Buffer.from(text));

/** The messages a refused file answers with, on `file`. */
function refusal(text: string): string[] {
  try {
    read(text);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).fields.file ?? [];
  }
  throw new Error('the file was accepted');
}

/** A page of test cases as Zephyr Scale Cloud's REST API gives them, with the project's folders beside it. */
const CLOUD_PAGE = {
  startAt: 0,
  maxResults: 50,
  total: 2,
  isLast: true,
  folders: [
    { id: 10, parentId: null, name: 'Checkout', folderType: 'TEST_CASE' },
    { id: 11, parentId: 10, name: 'Payment cards', folderType: 'TEST_CASE' },
  ],
  values: [
    {
      id: 5001,
      key: 'SHOP-T7',
      name: '  Pay with a saved card  ',
      objective: '<p>The shopper pays with a card kept from an earlier order.</p><p>Covers 3-D Secure &amp; CVC.</p>',
      precondition: 'A shopper with a saved <strong>Visa</strong> card',
      estimatedTime: 330_000,
      labels: ['payments', 'Smoke', 'smoke'],
      priority: { id: 3, name: 'High' },
      status: { id: 1, name: 'Approved' },
      folder: { id: 11, self: 'https://example.invalid/folders/11' },
      testScript: {
        type: 'STEP_BY_STEP',
        steps: [
          {
            inline: {
              description: 'Open the basket and press <em>Checkout</em>',
              testData: 'basket: 2 items',
              expectedResult: 'The payment page lists the saved card',
            },
          },
          { inline: { description: 'Choose the saved card<br>and confirm', testData: null, expectedResult: 'The order is placed' } },
          { inline: { description: '', testData: '', expectedResult: '' } },
        ],
      },
    },
    {
      key: 'SHOP-T8',
      name: 'Refund an order',
      objective: null,
      precondition: null,
      labels: [],
      folder: null,
      testScript: { type: 'PLAIN_TEXT', text: 'Refund from the back office.\nThe shopper gets an e-mail.' },
    },
  ],
};

/** A list as Zephyr Scale Server/Data Center's API gives it: folders as paths, steps without `inline`. */
const SERVER_LIST = [
  {
    key: 'WEB-T1',
    name: 'Log in',
    objective: 'Sign in with a password',
    folder: '/Web/Accounts/',
    labels: ['auth'],
    estimatedTime: 0,
    testScript: {
      type: 'STEP_BY_STEP',
      steps: [
        { index: 0, description: 'Enter name and password', testData: 'ann / s3cret', expectedResult: 'The dashboard opens' },
        { index: 1, description: '', testData: '', expectedResult: 'A welcome banner shows' },
      ],
    },
  },
  {
    key: 'WEB-T2',
    name: 'Log out',
    folder: '/Web',
    testScript: { type: 'BDD', text: 'Given a signed-in user\nWhen they log out\nThen the login page shows' },
  },
];

const CSV_HEADER =
  'Key,Name,Status,Precondition,Objective,Folder,Priority,Component,Labels,Owner,Estimated Time,Coverage (Issues),Coverage (Pages),' +
  'Test Script (Step-by-Step) - Step,Test Script (Step-by-Step) - Test Data,Test Script (Step-by-Step) - Expected Result,' +
  'Test Script (Plain Text),Test Script (BDD)';

/** Zephyr Scale's CSV: one row per step; a row with a Name starts a case, the rows below without one add its steps. */
const CSV_EXPORT = [
  CSV_HEADER,
  'HR-T1,Add an employee,Draft,Signed in as HR,"Create a record, then find it",/People/Records,Normal,,' +
    '"onboarding,regression",,1h 30m,,,Open the form,,The form is empty,,',
  ',,,,,,,,,,,,,"Fill in the name\nand the start date",Ann Lee; 2025-01-06,The record is saved,,',
  ',,,,,,,,,,,,,Search for her,Ann,"She is listed, once",,',
  'HR-T2,Archive an employee,Approved,,,/People,High,,,,00:45,,,,,,Archive from the record page.,',
].join('\r\n');

describe('Zephyr Scale JSON exports', () => {
  it(
    'reads a Cloud page: folders by id into paths, HTML as text, steps with ' +
      'their data, labels once, the key, priority and status in the description',
    () => {
      const [saved, refund] = read(JSON.stringify(CLOUD_PAGE));
      expect(saved).toEqual({
        name: 'Pay with a saved card',
        folder: ['Checkout', 'Payment cards'],
        description:
          'The shopper pays with a card kept from an earlier order.\nCovers 3-D Secure & CVC.\n\n' +
          'Zephyr Scale key: SHOP-T7\nPriority: High\nStatus: Approved',
        setup: 'A shopper with a saved Visa card',
        scenario: '',
        estimate: 330,
        isSteps: true,
        steps: [
          {
            name: 'Step 1',
            scenario: 'Open the basket and press Checkout\n\nTest data: basket: 2 items',
            expected: 'The payment page lists the saved card',
          },
          { name: 'Step 2', scenario: 'Choose the saved card\nand confirm', expected: 'The order is placed' },
        ],
        labels: ['payments', 'Smoke'],
      });
      expect(refund).toMatchObject({
        name: 'Refund an order',
        folder: [],
        description: 'Zephyr Scale key: SHOP-T8',
        isSteps: false,
        steps: [],
        scenario: 'Refund from the back office.\nThe shopper gets an e-mail.',
        estimate: null,
      });
    },
  );

  it('reads a Server list: folders as paths, a step with only an expected result named by its number, a BDD script as the scenario', () => {
    const [login, logout] = read(JSON.stringify(SERVER_LIST));
    expect(login).toMatchObject({ folder: ['Web', 'Accounts'], estimate: null, labels: ['auth'] });
    expect(login!.steps).toEqual([
      { name: 'Step 1', scenario: 'Enter name and password\n\nTest data: ann / s3cret', expected: 'The dashboard opens' },
      { name: 'Step 2', scenario: 'Step 2', expected: 'A welcome banner shows' },
    ]);
    expect(logout).toMatchObject({
      folder: ['Web'],
      isSteps: false,
      scenario: 'Given a signed-in user\nWhen they log out\nThen the login page shows',
    });
  });

  it('takes `{"testCases": [...]}` and a byte order mark', () => {
    expect(readZephyrExport(Buffer.from(`\uFEFF${JSON.stringify({ testCases: SERVER_LIST })}`)).map((item) => item.name)).toEqual([
      'Log in',
      'Log out',
    ]);
  });
});

describe('Zephyr Scale CSV exports', () => {
  it('groups a case’s step rows, keeps quoted commas and line breaks, splits labels and reads the estimate', () => {
    const [add, archive] = read(CSV_EXPORT);
    expect(add).toEqual({
      name: 'Add an employee',
      folder: ['People', 'Records'],
      description: 'Create a record, then find it\n\nZephyr Scale key: HR-T1\nPriority: Normal\nStatus: Draft',
      setup: 'Signed in as HR',
      scenario: '',
      estimate: 5400,
      isSteps: true,
      steps: [
        { name: 'Step 1', scenario: 'Open the form', expected: 'The form is empty' },
        {
          name: 'Step 2',
          scenario: 'Fill in the name\nand the start date\n\nTest data: Ann Lee; 2025-01-06',
          expected: 'The record is saved',
        },
        { name: 'Step 3', scenario: 'Search for her\n\nTest data: Ann', expected: 'She is listed, once' },
      ],
      labels: ['onboarding', 'regression'],
    });
    expect(archive).toMatchObject({
      name: 'Archive an employee',
      folder: ['People'],
      estimate: 2700,
      isSteps: false,
      scenario: 'Archive from the record page.',
    });
  });

  it('reads a header with only some columns, in any order and case, separated by semicolons', () => {
    const [only] = read('name;FOLDER;labels\nCheck the totals;/Reports;finance\n');
    // Our cases need a scenario or steps: one without a script says so.
    expect(only).toMatchObject({
      name: 'Check the totals',
      folder: ['Reports'],
      labels: ['finance'],
      isSteps: false,
      description: '',
      scenario: 'No test script in the Zephyr Scale export.',
    });
  });
});

describe('a file refused whole, before anything is written', () => {
  it('refuses what is neither JSON nor a CSV with a Name column', () => {
    expect(refusal('{"values": [')).toEqual([expect.stringMatching(/^The file is not valid JSON: /)]);
    expect(refusal('{"name": "one case, not a list"}')).toEqual([
      'The file is neither a Zephyr Scale JSON export nor a Zephyr Scale CSV export.',
    ]);
    expect(refusal('Key,Title\nT-1,Something\n')).toEqual(['The CSV file has no Name column.']);
    expect(refusal('Name,Folder\n"unclosed,/A\n')).toEqual([expect.stringMatching(/^The file is not a valid CSV file: /)]);
    expect(refusal('')).toEqual(['The file holds no test cases.']);
    expect(refusal('[]')).toEqual(['The file holds no test cases.']);
  });

  it('refuses step rows before any case, naming the row', () => {
    expect(refusal(`${CSV_HEADER}\n,,,,,,,,,,,,,Orphan step,,,,\n`)).toEqual([
      'Row 2 continues a test case, but no test case starts before it.',
    ]);
  });

  it('names every case over a limit by its place and key, and stops listing after twenty', () => {
    const steps = Array.from({ length: LIMITS.stepsPerCase + 1 }, (_, n) => ({ description: `Step ${n}`, expectedResult: '' }));
    const labels = Array.from({ length: LIMITS.labelsPerCase + 1 }, (_, n) => `label-${n}`);
    const file = [
      { key: 'OK-T1', name: 'Fine' },
      { key: 'BIG-T2', name: 'Long', testScript: { type: 'STEP_BY_STEP', steps } },
      { name: '' },
      { name: 'x'.repeat(256) },
      { key: 'LBL-T5', name: 'Labelled', labels },
      { name: 'Deep', folder: `/${'f/'.repeat(LIMITS.treeDepth + 1)}` },
      { name: 'Wide folder', folder: `/${'w'.repeat(101)}` },
      'not an object',
    ];
    expect(refusal(JSON.stringify(file))).toEqual([
      `Test case #2 (BIG-T2): it has more than ${LIMITS.stepsPerCase} steps.`,
      'Test case #3: it has no name.',
      'Test case #4: its name is longer than 255 characters.',
      `Test case #5 (LBL-T5): it has more than ${LIMITS.labelsPerCase} labels.`,
      `Test case #6: its folder would nest suites deeper than ${LIMITS.treeDepth} levels.`,
      'Test case #7: a folder name is longer than 100 characters.',
      'Test case #8: it is not a test case object.',
    ]);
    const many = refusal(JSON.stringify(Array.from({ length: 25 }, () => ({ name: '' }))));
    expect(many).toHaveLength(21);
    expect(many.at(-1)).toBe('…and 5 more test cases.');
  });

  it('refuses an estimated time that is no duration', () => {
    expect(refusal('Name,Estimated Time\nSlow one,"about a week"\n')).toEqual([
      'Test case #1: its estimated time "about a week" is not a duration.',
    ]);
  });
});

describe('rich text', () => {
  it('keeps line breaks and list items, drops tags, decodes entities; plain text stays as written', () => {
    expect(plainText('<ol><li>One</li><li>Two &lt;b&gt;</li></ol><p>&#8212; done&#x21;</p>')).toBe('- One\n- Two <b>\n— done!');
    expect(plainText('a < b and c > d')).toBe('a < b and c > d');
  });
});
