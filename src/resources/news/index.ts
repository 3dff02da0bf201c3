import FeedIcon from '@mui/icons-material/Feed';
import { instructorNews } from '../../../shared/resources/news';
import { resourceFromDeclaration } from '../factory';
import { NEWS_PATHS } from './paths';

export { NEWS_PATHS };

/**
 * Instructor news (spec 1 §2.9): the list at /instructors-news (the resource's name, so
 * react-admin's list route matches), create and edit at the spec's own paths, registered
 * as custom routes. Screens are the declaration's defaults; a NewsList.tsx / NewsEdit.tsx
 * beside this file, passed as an override, would replace one.
 */
export const news = resourceFromDeclaration(instructorNews, {
  icon: FeedIcon,
  paths: { create: NEWS_PATHS.create, edit: NEWS_PATHS.edit },
});
