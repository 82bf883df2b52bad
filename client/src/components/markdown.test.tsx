import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '../i18n/i18n.ts';
import { Markdown } from './Markdown.tsx';

const LONG_LINE = 'A mission to the moon and back. '.repeat(10);

describe('markdown', () => {
  it('renders emphasis and GitHub-flavoured strikethrough', () => {
    const { container } = render(<Markdown text="**Apollo** mission, ~~Gemini~~" />);
    expect(container.querySelector('strong')?.textContent).toBe('Apollo');
    expect(container.querySelector('del')?.textContent).toBe('Gemini');
    expect(container.textContent).toBe('Apollo mission, Gemini');
  });

  it('shows raw HTML as inert text', () => {
    const { container } = render(<Markdown text={'<script>alert(1)</script>\n\nA picture: <img src=x onerror=alert(1)>'} />);
    expect(container.querySelector('script, img, [onerror]')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('drops javascript: from a link, and opens another site in a new tab without a handle back', () => {
    const { container } = render(
      <Markdown text="[x](javascript:alert(1)) [docs](https://example.com/docs) [suites](/projects/3/suites)" />,
    );
    expect([...container.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([
      '',
      'https://example.com/docs',
      '/projects/3/suites',
    ]);
    const external = screen.getByRole('link', { name: 'docs' });
    expect([external.getAttribute('target'), external.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
    expect(screen.getByRole('link', { name: 'suites' }).hasAttribute('target')).toBe(false);
  });

  it('collapses text over 300 characters behind a toggle', async () => {
    const { container } = render(<Markdown text={LONG_LINE} />);
    const body = container.querySelector('.markdown__body')!;
    const toggle = screen.getByRole('button', { name: 'Show more' });
    expect(body.classList.contains('is-collapsed')).toBe(true);
    expect(toggle.getAttribute('aria-controls')).toBe(body.id);

    await userEvent.click(toggle);
    expect(body.classList.contains('is-collapsed')).toBe(false);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(body.classList.contains('is-collapsed')).toBe(true);
  });

  it('collapses text of more than 3 lines, with the toggle in Russian too', async () => {
    await chooseLanguage('ru');
    render(<Markdown text={'one\ntwo\nthree\nfour'} />);
    expect(screen.getByRole('button', { name: 'Показать полностью' })).toBeTruthy();
  });

  it('shows short text whole, without a toggle', () => {
    const { container } = render(<Markdown text={'one\ntwo\nthree'} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(container.querySelector('.is-collapsed')).toBeNull();
  });

  it('in compact form keeps emphasis, turns links into text and has no toggle', () => {
    const { container } = render(<Markdown compact text={`**Apollo** [site](https://example.com)\n\n- ${LONG_LINE}`} />);
    expect(container.querySelector('strong')?.textContent).toBe('Apollo');
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('Apollo site');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
