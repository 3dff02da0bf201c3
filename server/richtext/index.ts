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
} from '../../src/shared/resources/richText.js';

/**
 * Rich text is cleaned on the server before it is stored (ARCHITECTURE §3, spec 2 §6):
 * formatted text and images only; iframes only from video sites; links open in a new
 * tab with rel="noopener noreferrer"; scripts, event handlers, style sheets and
 * javascript:/data: URLs go. The client renders the stored HTML through DOMPurify with
 * the same policy (src/shared/resources/richText.ts).
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

export { isBlankHtml };
