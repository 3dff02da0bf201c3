export { RichTextInput } from './RichTextInput';
export { SafeHtml } from './SafeHtml';
export { purifyHtml, richTextExcerpt } from './purify';
