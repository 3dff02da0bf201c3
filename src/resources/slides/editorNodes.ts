import { mergeAttributes, Node } from '@tiptap/core';
import { isAllowedEmbedSrc } from '../../../shared/resources/richText';

/** A video site's embed player (only the allowed sites; the server drops any other iframe). */
export const VideoEmbed = Node.create({
  name: 'videoEmbed',
  group: 'block',
  atom: true,
  addAttributes() {
    return { src: { default: null }, width: { default: '560' }, height: { default: '315' } };
  },
  parseHTML() {
    return [{ tag: 'iframe[src]', getAttrs: (el) => (isAllowedEmbedSrc((el as HTMLElement).getAttribute('src')) ? null : false) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['iframe', mergeAttributes(HTMLAttributes, { frameborder: '0', allowfullscreen: 'true' })];
  },
});

/** An inline picture (uploaded through Storage/Picture/Upload). */
export const Picture = Node.create({
  name: 'picture',
  group: 'inline',
  inline: true,
  atom: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: '' } };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes)];
  },
});
