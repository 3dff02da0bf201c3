import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { purifyHtml, richTextExcerpt, SafeHtml } from '../../src/resources/richText';
import { isAllowedEmbedSrc, isBlankHtml } from '../../shared/resources/richText';

afterEach(cleanup);

describe('the shared embed policy', () => {
  it.each([
    ['https://www.youtube.com/embed/abc', true],
    ['https://www.youtube-nocookie.com/embed/abc', true],
    ['https://player.vimeo.com/video/1', true],
    ['https://rutube.ru/play/embed/1', true],
    ['https://vk.com/video_ext.php?oid=1&id=2', true],
    ['https://kinescope.io/embed/1', true],
    ['https://www.youtube.com/watch?v=abc', false],
    ['http://www.youtube.com/embed/abc', false],
    ['https://vk.com/feed', false],
    ['https://youtube.com.evil.org/embed/x', false],
    ['https://evil.org/?u=https://youtube.com/embed/x', false],
    ['javascript:alert(1)', false],
    ['', false],
  ])('%s → %s', (src, ok) => {
    expect(isAllowedEmbedSrc(src)).toBe(ok);
  });

  it('knows blank rich text', () => {
    expect(isBlankHtml('<p><br></p>&nbsp;')).toBe(true);
    expect(isBlankHtml('<p><img src="https://x/a.png"></p>')).toBe(false);
    expect(isBlankHtml('<p>a</p>')).toBe(false);
  });
});

describe('DOMPurify on the client', () => {
  it('removes scripts, handlers and javascript: links', () => {
    const html = purifyHtml('<p onclick="x()">Hi<script>alert(1)</script><img src="https://e.org/a.png" onerror="alert(2)"><a href="javascript:alert(3)">x</a></p>');
    expect(html).not.toMatch(/script|onclick|onerror|javascript/);
    expect(html).toContain('<img src="https://e.org/a.png">');
  });

  it('keeps video iframes only', () => {
    const html = purifyHtml('<iframe src="https://www.youtube.com/embed/a" allowfullscreen=""></iframe><iframe src="https://evil.org/"></iframe>');
    expect(html).toContain('https://www.youtube.com/embed/a');
    expect(html).not.toContain('evil');
  });

  it('opens links in a new tab and keeps only allowed styles', () => {
    const html = purifyHtml('<a href="https://e.org">e</a><span style="font-size: 18px; position: fixed">s</span>');
    expect(html).toContain('<a href="https://e.org" target="_blank" rel="noopener noreferrer">e</a>');
    expect(html).toContain('<span style="font-size: 18px">s</span>');
  });

  it('renders sanitised HTML and plain excerpts', () => {
    const { container } = render(<SafeHtml html={'<p>Текст<script>window.hacked=1</script></p>'} />);
    expect(container.innerHTML).toContain('<p>Текст</p>');
    expect(container.querySelector('script')).toBeNull();
    expect(richTextExcerpt('<p>Один</p><p>два   три</p>', 9)).toBe('Один два…');
    expect(richTextExcerpt('<p>Один</p><p>два</p>')).toBe('Один два');
  });
});
