/** Russian texts of the scorm area (`app.scorm.*`). */
export const scorm = {
  title: 'scorm',
};
