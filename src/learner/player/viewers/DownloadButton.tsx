import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useTranslate } from '../../../app';
import { viewerKey } from './content';

/** Download of the slide's file; rendered only when the slide allows it (the server gives the address then). */
export function DownloadButton({ address }: { address: string | null }) {
  const translate = useTranslate();
  if (!address) return null;
  return (
    <Button href={address} download startIcon={<DownloadIcon />} variant="outlined" sx={{ mt: 1 }} data-testid="slide-download">
      {translate(viewerKey('download'))}
    </Button>
  );
}
