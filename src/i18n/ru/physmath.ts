/** Russian texts of the physmath area (`app.physmath.*`). */
export const physmath = {
  title: 'physmath',
};
