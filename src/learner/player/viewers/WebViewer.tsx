import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, Box, Link } from '@mui/material';
import { useTranslate } from '../../../app';
import type { SlideViewProps } from '../types';
import { textOf, viewerKey } from './content';

/**
 * Sandbox of the web-page slide's frame. Scripts and the site's own origin let ordinary sites
 * work; a page of our own origin loses its origin, since scripts plus same origin could lift
 * the sandbox and act as the student.
 */
export function sandboxFor(address: string, here = window.location.origin): string {
  const base = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox';
  let sameOrigin = true;
  try {
    sameOrigin = new URL(address, here).origin === here;
  } catch {
    // an unreadable address gets the stricter sandbox
  }
  return sameOrigin ? base : `${base} allow-same-origin`;
}

/** A web-page slide: the page in a sandboxed frame, and a link to open it in a new tab (sites may refuse framing). */
export function WebViewer({ page }: SlideViewProps) {
  const translate = useTranslate();
  const address = textOf(page.content.address);
  if (!address) return <Alert severity="info">{translate(viewerKey('web.noAddress'))}</Alert>;
  return (
    <Box data-testid="slide-web">
      <Box
        component="iframe"
        src={address}
        title={page.slide.label}
        sandbox={sandboxFor(address)}
        referrerPolicy="strict-origin-when-cross-origin"
        sx={{ width: '100%', height: { xs: '60vh', md: '70vh' }, minHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1, display: 'block' }}
      />
      <Link href={address} target="_blank" rel="noopener noreferrer" sx={{ mt: 1, display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        {translate(viewerKey('web.openInNewTab'))}
        <OpenInNewIcon fontSize="small" />
      </Link>
    </Box>
  );
}
