/** Russian texts of the attendance area (`app.attendance.*`). */
export const attendance = {
  title: 'attendance',
};
