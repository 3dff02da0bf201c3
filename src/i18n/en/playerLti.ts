import type { CatalogueOf } from '../catalogue';
import type { playerLti as ru } from '../ru/playerLti';

/** The player's external tool (LTI 1.3) launch: `app.playerLti.*`. */
export const playerLti: CatalogueOf<typeof ru> = {
  frame: 'External tool: {{title}}',
  open: 'Open the tool',
  openWindow: 'Open in a new window',
  hint: 'The tool’s score shows in the exercise’s results by itself.',
  error: 'Could not open the external tool',
};
