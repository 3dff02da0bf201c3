import type { FieldValues } from 'react-hook-form';

/** A new file picked in the form (react-admin's FileInput value). */
interface PickedFile {
  rawFile?: File;
  title?: string;
}

export interface CodeFormValues {
  label: string;
  text: string;
  courseId: number | null;
  code: string;
  testCases: { inputValues?: string; outputValue?: string; isHidden?: boolean }[];
  /** ids of the saved files to keep */
  keptFileIds: number[];
  newFiles: PickedFile[];
}

/** The object the shared schema checks (files aside). */
export const codePayload = (v: FieldValues) => ({
  label: v.label,
  text: v.text ?? '',
  courseId: v.courseId ?? null,
  code: v.code ?? '',
  testCases: ((v.testCases ?? []) as CodeFormValues['testCases']).map((c, i) => ({
    inputValues: c?.inputValues ?? '',
    outputValue: c?.outputValue ?? '',
    sequence: i + 1,
    isHidden: Boolean(c?.isHidden),
  })),
});

/**
 * The multipart form of spec 3 §7.8: label, code, CourseId, text, testCases (JSON), FilesId
 * (each kept file; an empty one when none is kept) and Files (new files).
 */
export function codeForm(v: FieldValues, options: { forRun?: boolean; questionId?: number; edit?: boolean } = {}): FormData {
  const p = codePayload(v);
  const form = new FormData();
  if (options.forRun) {
    if (options.questionId) form.append('questionId', String(options.questionId));
  } else {
    form.append('label', p.label ?? '');
    form.append('text', p.text);
    form.append('CourseId', p.courseId === null ? '' : String(p.courseId));
  }
  form.append('code', p.code);
  form.append('testCases', JSON.stringify(p.testCases));
  if (options.edit) {
    const kept = (v.keptFileIds ?? []) as number[];
    if (kept.length === 0) form.append('FilesId', '');
    for (const id of kept) form.append('FilesId', String(id));
  }
  for (const f of (v.newFiles ?? []) as PickedFile[]) if (f?.rawFile) form.append('Files', f.rawFile, f.rawFile.name);
  return form;
}
