/** Russian texts of the player area (`app.player.*`). */
export const player = {
  title: 'player',
};
