import type { FastifyInstance } from 'fastify';
import { ExerciseType, slideKinds, type SlideRouteType } from '../../../shared/enums.js';
import { exerciseCalls } from '../../../shared/calls/exercises.js';
import { requestLang } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate } from '../../i18n/messages.js';
import { currentUser } from '../../auth/context.js';

/**
 * Work kinds (ExerciseType as key/value items, zero key never listed) and the slide kinds
 * an exercise type may hold.
 *
 * Roles: with ignoreRoles=false an instructor whose only program flag is CreateGroupLessons
 * (no TrainingSettings, no OnlyEditSettings) gets the offline kind only, the kind of a group
 * lesson; ignoreRoles=true (or Root) lists every kind.
 *
 * Page types: a lecture holds content slides only (no question); an offline session holds
 * content and the file question (a report); test, task and survey hold every kind.
 */
const contentOnly = (Object.keys(slideKinds) as SlideRouteType[]).filter((k) => !slideKinds[k].isQuestion);

export function pageTypesOf(exerciseType: number): SlideRouteType[] {
  if (exerciseType === ExerciseType.lecture) return contentOnly;
  if (exerciseType === ExerciseType.offline) return [...contentOnly, 'file-question'];
  return Object.keys(slideKinds) as SlideRouteType[];
}

export function registerKindRoutes(fastify: FastifyInstance): void {

  route(fastify, exerciseCalls.workKinds, async (request) => {
    const user = currentUser(request);
    const lang = requestLang(request);
    const ignore = request.params.ignoreRoles.toLowerCase() === 'true';
    const groupOnly =
      !ignore && user.role === 'Instructors' && !user.flags.includes('TrainingSettings') && !user.flags.includes('OnlyEditSettings');
    return (Object.values(ExerciseType) as number[])
      .filter((code) => code !== 0)
      .filter((code) => !groupOnly || code === ExerciseType.offline)
      .map((code) => ({ key: code, value: translate(lang, `programs.workKind.${code}`) }));
  });

  route(fastify, exerciseCalls.slideKinds, async (request) => {
    const lang = requestLang(request);
    const type = Number(request.params.exerciseType);
    const known = (Object.values(ExerciseType) as number[]).includes(type);
    const kinds = known ? pageTypesOf(type) : [];
    return kinds.map((k) => ({
      key: k,
      value: translate(lang, `programs.slideKind.${k}`),
      apiKind: slideKinds[k].apiKind,
      contentKind: slideKinds[k].contentKind,
      pageType: slideKinds[k].pageType,
      isQuestion: slideKinds[k].isQuestion,
    }));
  });
}
