import type { ComponentProps } from 'react';
import { ProgramNotFoundPage } from '../../../errors';
import { PageState } from '../../../ui/PageState';

/** The kit's load states on a program screen: a 404 of the program (or of what is inside it) is the program's 404 page. */
export function ProgramState(props: Omit<ComponentProps<typeof PageState>, 'notFound'>) {
  return <PageState notFound={<ProgramNotFoundPage />} {...props} />;
}
