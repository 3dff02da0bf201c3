import type { CatalogueOf } from '../catalogue';
import type { playerViewers as ru } from '../ru/playerViewers';

export const playerViewers: CatalogueOf<typeof ru> = {
  unknownType: 'Unexpected slide type!',
  noFile: 'The file is not uploaded yet',
  download: 'Download',
  mediaError: 'The file cannot be played',
  video: {
    connectionLost: 'Connection error. Playback is unavailable. Reconnection attempt...',
    connectionRestored: 'Connection restored',
  },
  pdf: {
    loadError: 'The PDF cannot be opened',
    page: 'Page {{page}} of {{pages}}',
    previous: 'Previous page',
    next: 'Next page',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
  },
  presentation: {
    offline: 'The presentation is not shown in the browser: download it to open it.',
    noDownload: 'Downloading this presentation is not allowed.',
  },
  web: {
    openInNewTab: 'Open in a new tab',
    noAddress: 'The page address is not set',
  },
};
