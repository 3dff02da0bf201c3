import { Box, Link } from '@mui/material';
import { useLocaleState, useTranslate } from '../app';
import { Link as RouterLink } from 'react-router-dom';
import { ORGANISATION_URL } from '../ui/siteLinks';
import elpEn from '../ui/logos/elp-en.svg';
import elpRu from '../ui/logos/elp-ru.svg';
import orgEn from '../ui/logos/org-en.svg';
import orgRu from '../ui/logos/org-ru.svg';

const logos = { ru: { elp: elpRu, org: orgRu }, en: { elp: elpEn, org: orgEn } };

/** The two header logos (spec 1 §2.4), each in the interface language; their colours read on light and dark. */
export function HeaderLogos({ showOrganisation }: { showOrganisation: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const set = locale === 'en' ? logos.en : logos.ru;
  // the logos' own sizes (their SVG viewBox): the header's items keep their place while they load
  const img = { height: 32, display: 'block' } as const;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Link component={RouterLink} to="/" aria-label={translate('app.header.home')} data-testid="logo-home">
        <img src={set.elp} alt="" width={112} height={32} style={img} />
      </Link>
      {showOrganisation && (
        <Link
          href={ORGANISATION_URL}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={translate('app.header.organisation')}
          data-testid="logo-organisation"
        >
          <img src={set.org} alt="" width={150} height={32} style={img} />
        </Link>
      )}
    </Box>
  );
}
