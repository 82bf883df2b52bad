import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { chooseLanguage, initI18n } from '../i18n/i18n.ts';

beforeAll(async () => {
  await initI18n();
});

afterEach(async () => {
  cleanup();
  await chooseLanguage('en');
});
