import sanitizeHtml from 'sanitize-html';
import {
  ALLOWED_URL_SCHEMES,
  isAllowedEmbedSrc,
  isBlankHtml,
  LINK_ATTRIBUTES,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_STYLES,
  RICH_TEXT_TAGS,
  VIDEO_EMBED_SITES,
} from '../../shared/resources/richText.js';

/**
 * Rich text is cleaned on the server before it is stored (ARCHITECTURE §3, spec 2 §6):
 * formatted text and images only; iframes only from video sites; links open in a new
 * tab with rel="noopener noreferrer"; scripts, event handlers, style sheets and
 * javascript:/data: URLs go. The client renders the stored HTML through DOMPurify with
 * the same policy (shared/resources/richText.ts).
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([k, v]) => [k, [...v]])),
  allowedStyles: { '*': RICH_TEXT_STYLES },
  allowedSchemes: [...ALLOWED_URL_SCHEMES],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: undefined,
  allowedIframeDomains: VIDEO_EMBED_SITES.map((s) => s.host),
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  // the text of these is dropped along with the tag
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'head'],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, ...LINK_ATTRIBUTES } }),
  },
  // an iframe that is not a video site's embed player goes entirely (not just its src)
  exclusiveFilter: (frame) =>
    (frame.tag === 'iframe' && !isAllowedEmbedSrc(frame.attribs.src)) || (frame.tag === 'img' && !frame.attribs.src),
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** Everything but the text goes: no tag, comment or attribute survives. */
const textOnly: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: options.nonTextTags,
};

/** sanitize-html's output escapes exactly these three in text (entities in the input are decoded first). */
const unescapeText = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * Plain-text fields (program, lesson, exercise and course-group descriptions: the screens
 * edit and show them as text) are stored as text that holds no markup: tags, comments and
 * scripts are removed, and the text itself is kept as typed ("a < b & c" stays so, not
 * "a &lt; b &amp; c"). Removing repeats until nothing changes, so markup hidden behind
 * entities (`&lt;script&gt;`) goes too; what is stored reads the same as text or as HTML.
 */
export function sanitizePlainText(text: string): string {
  let current = text;
  for (let round = 0; round < 8; round++) {
    const next = unescapeText(sanitizeHtml(current, textOnly));
    if (next === current) return current.trim();
    current = next;
  }
  // pathological nesting: the escaped form, safe to show either way
  return sanitizeHtml(current, textOnly).trim();
}

/** `sanitizePlainText` for an API field: undefined (unchanged) and null (none) pass as they are. */
export function cleanPlainText<T extends string | null | undefined>(value: T): T {
  return (typeof value === 'string' ? sanitizePlainText(value) : value) as T;
}

export { isBlankHtml };
export { checkPictureAddress, isPictureAddress } from './picture.js';
