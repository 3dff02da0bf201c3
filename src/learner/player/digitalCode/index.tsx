/** The student's digital attendance code page (spec 3 §7.4 Attendance/Student/DigitalCode, valid 3 minutes). */
export { DigitalCodePage } from './DigitalCodePage';
