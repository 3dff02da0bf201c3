import createCache, { type StylisPlugin } from '@emotion/cache';

/**
 * Emotion's default cache runs stylis's prefixer over every rule it compiles: a third of the
 * style work in each commit (measured on the frame's first one), to add vendor prefixes that
 * today's browsers no longer need — MUI writes the few it relies on itself (-webkit-tap-highlight-color,
 * -webkit-appearance ...). One is left: Safari knows only -webkit-user-select (MUI's buttons
 * set user-select: none), so that declaration alone gets it.
 */
const webkitUserSelect: StylisPlugin = (element) => {
  if (element.type === 'decl' && element.props === 'user-select' && !element.return) element.return = `-webkit-${element.value}${element.value}`;
};

/** The same key as emotion's default cache, so class names stay `css-…`. */
export const styleCache = createCache({ key: 'css', stylisPlugins: [webkitUserSelect] });
