/** Instructor news paths (spec 1 §2.9): a light module, so the app declares the routes without loading the screens. */
export const NEWS_PATHS = {
  list: '/instructors-news',
  create: '/instructors/news/create',
  edit: '/instructors/news/edit/:id',
} as const;
