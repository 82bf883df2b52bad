import { describe, expect, it } from 'vitest';
import { sideBySide } from './text-diff.ts';

describe('a text compared side by side', () => {
  it('marks only the words that changed within a changed line, each side keeping its own text', () => {
    const { older, newer } = sideBySide('Open the login page\nType the password\n', 'Open the login page\nType the new password\n');
    expect(older.map((segment) => segment.text).join('')).toBe('Open the login page\nType the password\n');
    expect(newer.map((segment) => segment.text).join('')).toBe('Open the login page\nType the new password\n');
    expect(older.filter((segment) => segment.changed)).toEqual([]);
    expect(newer.filter((segment) => segment.changed).map((segment) => segment.text)).toEqual(['new ']);
  });

  it('marks lines only one side has as a whole', () => {
    const { older, newer } = sideBySide('One\nTwo\n', 'One\nTwo\nThree\n');
    expect(newer).toEqual([
      { text: 'One\nTwo\n', changed: false },
      { text: 'Three\n', changed: true },
    ]);
    expect(older).toEqual([{ text: 'One\nTwo\n', changed: false }]);
    expect(sideBySide('Gone', '').older).toEqual([{ text: 'Gone', changed: true }]);
  });

  it('shows equal texts unmarked', () => {
    expect(sideBySide('Same\ntext', 'Same\ntext')).toEqual({
      older: [{ text: 'Same\ntext', changed: false }],
      newer: [{ text: 'Same\ntext', changed: false }],
    });
  });
});
