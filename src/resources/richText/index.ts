export { RichTextInput } from './RichTextInput';
export { SafeHtml } from '../../ui/richText/SafeHtml';
export { purifyHtml, richTextExcerpt } from '../../ui/richText/purify';
