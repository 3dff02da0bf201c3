import type { CatalogueOf } from '../catalogue';
import type { physmath as ru } from '../ru/physmath';

export const physmath: CatalogueOf<typeof ru> = {
  title: 'Physmath breakthrough',
  intro:
    'A special section on physics and mathematics, open to the students who have access to it. Here are your courses of the section and the section courses you can join.',
  myCourses: 'My courses in the section',
  myCoursesEmpty: 'You have not joined any course of the section yet',
  catalogue: 'Open to join',
  catalogueEmpty: 'No course of the section is open right now',
  openCatalogue: 'The whole course catalogue',
  loadError: 'Could not load the section',
};
