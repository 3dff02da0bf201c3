/** Russian texts of the playerViewers area (`app.playerViewers.*`). */
export const playerViewers = {
  title: 'playerViewers',
};
