import type { CatalogueOf } from '../catalogue';
import type { attendance as ru } from '../ru/attendance';

export const attendance: CatalogueOf<typeof ru> = {
  title: 'Digital attendance code',
  hint: 'Get a code and show it to your instructor: the code is valid for 3 minutes.',
  getCode: 'Get code',
  getAgain: 'Get a new code',
  codeLabel: 'Attendance code',
  validFor: 'The code is valid for {{time}}',
  showToInstructor: 'Show the code to your instructor',
  expired: 'The code has expired',
  loading: 'Getting the code…',
  getCodeError: 'get code error',
  confirm: {
    title: 'Confirm attendance by digital code',
    hint: 'Type the 6-digit code the student shows: the visit is recorded in the journal.',
    code: "Student's code",
    submit: 'Confirm',
    format: 'The code is 6 digits',
    failed: 'Failed to confirm the code',
    listTitle: 'Digital code journal',
    empty: 'No codes confirmed yet',
    student: 'Student',
    exercise: 'Exercise',
    confirmedAt: 'Confirmed',
    confirmedBy: 'By',
    journal: 'Visit journal',
  },
};
