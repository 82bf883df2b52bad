import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { chooseLanguage, initI18n } from '../i18n/i18n.ts';

/**
 * A browser ignores `click()` on an element whose click is already being
 * dispatched (the HTML spec's "click in progress" flag); happy-dom does not, so
 * a file chooser that forwards its click to its input (PrimeReact's FileUpload)
 * recursed until the stack overflowed.
 */
const clicking = new WeakSet<HTMLElement>();
const click = HTMLElement.prototype.click;
HTMLElement.prototype.click = function clickOnce(this: HTMLElement) {
  if (clicking.has(this)) return;
  clicking.add(this);
  try {
    click.call(this);
  } finally {
    clicking.delete(this);
  }
};

// CI runs the client tests beside the server's on two cores: a screen that answers in 1.2 s there is not broken.
configure({ asyncUtilTimeout: 3_000 });

/** What went wrong outside the test's own assertions: an error React reported, or anything written to console.error. */
const problems: string[] = [];
window.addEventListener('error', (event) => problems.push(`uncaught error: ${String(event.error?.stack ?? event.message)}`));
const consoleError = console.error;

beforeAll(async () => {
  await initI18n();
});

beforeEach(() => {
  console.error = (...args: unknown[]) => {
    problems.push(`console.error: ${args.map(String).join(' ')}`);
    consoleError(...args);
  };
});

afterEach(async () => {
  cleanup();
  console.error = consoleError;
  await chooseLanguage('en');
  const found = problems.splice(0);
  if (found.length > 0) throw new Error(`the test passed its assertions, but:\n${found.join('\n')}`);
});
