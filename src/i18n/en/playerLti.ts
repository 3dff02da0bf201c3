import type { CatalogueOf } from '../catalogue';
import type { playerLti as ru } from '../ru/playerLti';

/** The player's external tool (LTI 1.3) launch: `app.playerLti.*`. */
export const playerLti: CatalogueOf<typeof ru> = {
  frame: 'External tool: {{title}}',
  open: 'Open the tool',
  openWindow: 'Open in a new window',
  newWindow: '(opens in a new window)',
  result: 'Score from the tool: {{score}} of {{max}}',
  resultSoFar: 'Score so far from the tool: {{score}} of {{max}}',
  pending: 'Submitted in the tool, awaiting a check',
  noScore: 'The tool is open; no score from it yet',
  hint: 'The tool sends its score itself: it shows here and in the exercise’s results.',
  error: 'Could not open the external tool',
};
