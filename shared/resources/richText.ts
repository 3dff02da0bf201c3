/**
 * The rich-text policy shared by the server's sanitiser (server/richtext, sanitize-html)
 * and the client's renderer (DOMPurify): spec 2 §6 — only video-site embed iframes are
 * kept, links open in a new tab. Plain TypeScript, no React, no Node.
 */

/** Hosts (and their subdomains) whose embeds are kept; a path prefix narrows a host. */
export const VIDEO_EMBED_SITES: ReadonlyArray<{ host: string; pathPrefix?: string }> = [
  { host: 'youtube.com', pathPrefix: '/embed/' },
  { host: 'youtube-nocookie.com', pathPrefix: '/embed/' },
  { host: 'vimeo.com' },
  { host: 'rutube.ru' },
  { host: 'vk.com', pathPrefix: '/video_ext' },
  { host: 'vkvideo.ru', pathPrefix: '/video_ext' },
  { host: 'kinescope.io' },
];

/** True for an https URL of a video site's embed player. */
export function isAllowedEmbedSrc(src: string | null | undefined): boolean {
  if (!src) return false;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return VIDEO_EMBED_SITES.some(
    (s) => (host === s.host || host.endsWith(`.${s.host}`)) && (!s.pathPrefix || url.pathname.startsWith(s.pathPrefix)),
  );
}

/** Attributes every link gets: a new tab, no opener, no referrer. */
export const LINK_ATTRIBUTES = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** URL schemes allowed in href/src (anything else, javascript: above all, is dropped). */
export const ALLOWED_URL_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/** Tags of formatted text, images and embeds. */
export const RICH_TEXT_TAGS = [
  'p', 'br', 'hr', 'div', 'span',
  'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'sub', 'sup', 'mark', 'small',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'blockquote', 'pre', 'code',
  'ul', 'ol', 'li',
  'a', 'img', 'figure', 'figcaption',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
  'iframe',
] as const;

/** Attributes kept per tag (`*` = every tag). */
export const RICH_TEXT_ATTRIBUTES: Record<string, readonly string[]> = {
  '*': ['style', 'title'],
  a: ['href', 'target', 'rel', 'name'],
  img: ['src', 'alt', 'width', 'height'],
  iframe: ['src', 'width', 'height', 'allow', 'allowfullscreen', 'frameborder'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  ol: ['start'],
};

/** Inline styles kept (font sizes of spec 2 §6: integers 1..72 px). */
export const RICH_TEXT_STYLES: Record<string, RegExp[]> = {
  'font-size': [/^([1-9]|[1-6]\d|7[0-2])px$/],
  'text-align': [/^(left|right|center|justify)$/],
  color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i],
  'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i],
};

/** True when the HTML holds no text and no image or embed (e.g. `<p><br></p>`). */
export function isBlankHtml(html: string): boolean {
  if (/<(img|iframe)\b/i.test(html)) return false;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;/g, ' ').trim() === '';
}
