import DOMPurify from 'dompurify';
import {
  isAllowedEmbedSrc,
  LINK_ATTRIBUTES,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_STYLES,
  RICH_TEXT_TAGS,
} from '../../../shared/resources/richText';

/**
 * Rich text is rendered through DOMPurify with the server's policy (spec 2 §6): the
 * server already cleaned it (server/richtext); this is the second line, for anything
 * that reached the browser another way. Own instance, so its hooks touch nobody else.
 */
let instance: ReturnType<typeof DOMPurify> | null = null;

function keepAllowedStyles(style: string): string {
  return style
    .split(';')
    .map((d) => d.trim())
    .filter((d) => {
      const i = d.indexOf(':');
      if (i < 0) return false;
      const prop = d.slice(0, i).trim().toLowerCase();
      const value = d.slice(i + 1).trim();
      return RICH_TEXT_STYLES[prop]?.some((re) => re.test(value)) ?? false;
    })
    .join('; ');
}

function purifier(): ReturnType<typeof DOMPurify> {
  if (instance) return instance;
  const p = DOMPurify(window);
  p.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'iframe' && !isAllowedEmbedSrc((node as Element).getAttribute?.('src'))) {
      node.parentNode?.removeChild(node);
    }
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (el.tagName === 'A') {
      el.setAttribute('target', LINK_ATTRIBUTES.target);
      el.setAttribute('rel', LINK_ATTRIBUTES.rel);
    }
    const style = el.getAttribute?.('style');
    if (style != null) {
      const kept = keepAllowedStyles(style);
      if (kept) el.setAttribute('style', kept);
      else el.removeAttribute('style');
    }
  });
  instance = p;
  return p;
}

const ALLOWED_ATTR = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];

/** HTML safe to put into the page. */
export function purifyHtml(html: string | null | undefined): string {
  if (!html) return '';
  return purifier().sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_TAGS],
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
  }) as string;
}

/** Plain text of rich text (list excerpts). */
export function richTextExcerpt(html: string | null | undefined, max = 120): string {
  if (!html) return '';
  // a space after each block, so paragraphs do not run together
  const spaced = purifyHtml(html).replace(/<\/(p|div|li|h[1-6]|blockquote|tr|td|th)>|<br\s*\/?>/gi, '$& ');
  const doc = new DOMParser().parseFromString(spaced, 'text/html');
  const text = (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
