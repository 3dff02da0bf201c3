import { Box, Link, type Theme } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ORGANISATION_URL } from '../ui/siteLinks';
import elpEn from '../ui/logos/elp-en.svg';
import elpRu from '../ui/logos/elp-ru.svg';
import orgEn from '../ui/logos/org-en.svg';
import orgRu from '../ui/logos/org-ru.svg';

const logos = { ru: { elp: elpRu, org: orgRu }, en: { elp: elpEn, org: orgEn } };

/** The two header logos (spec 1 §2.4), each in the interface language; dark mode paints them white. */
export function HeaderLogos({ showOrganisation }: { showOrganisation: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const set = locale === 'en' ? logos.en : logos.ru;
  const img = { height: 32, display: 'block' } as const;
  const inverted = (theme: Theme) => ({ filter: theme.palette.mode === 'dark' ? 'brightness(0) invert(1)' : 'none' });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Link component={RouterLink} to="/" aria-label={translate('app.header.home')} sx={inverted} data-testid="logo-home">
        <img src={set.elp} alt="" style={img} />
      </Link>
      {showOrganisation && (
        <Link
          href={ORGANISATION_URL}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={translate('app.header.organisation')}
          sx={inverted}
          data-testid="logo-organisation"
        >
          <img src={set.org} alt="" style={img} />
        </Link>
      )}
    </Box>
  );
}
