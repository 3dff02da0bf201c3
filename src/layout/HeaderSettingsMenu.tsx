import Check from '@mui/icons-material/Check';
import Settings from '@mui/icons-material/Settings';
import { Button, Divider, IconButton, ListItemIcon, ListItemText, ListSubheader, MenuItem } from '@mui/material';
import { lazy, useState, type MouseEvent } from 'react';
import { Deferred, useLocaleState, useTranslate } from '../app';
import { Link as RouterLink } from 'react-router-dom';
import { LANGUAGES } from '../i18n/language';
import { canAccessPath } from '../../shared/permissions';
import { hasPage } from '../../shared/screens';
import { isFeatureEnabled } from '../ui/featureFlags';
import { OLD_SITE_URL } from '../ui/siteLinks';
import { useAccount } from './useAccount';
import type { HeaderLayout } from './useHeaderLayout';
import { useThemePreference, type ThemePreference } from './useThemePreference';

const Menu = lazy(() => import('@mui/material/Menu'));

const THEMES: ThemePreference[] = ['light', 'dark', 'system'];
const QUICK_ACCESS = '/courses/quick-access-toolbar-setting';

/** Settings (spec 1 §2.4): theme, language (flag), old version (flag), quick-access toolbar (permission). */
export function HeaderSettingsMenu({ layout }: { layout: HeaderLayout }) {
  const translate = useTranslate();
  const { principal } = useAccount();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [theme, setTheme] = useThemePreference();
  const [locale, setLocale] = useLocaleState();
  const close = () => setAnchor(null);
  const open = (e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget);
  const label = translate('app.header.settings');

  const radio = (checked: boolean, text: string, testId: string, onClick: () => void) => (
    <MenuItem key={testId} role="menuitemradio" aria-checked={checked} data-testid={testId} onClick={onClick}>
      <ListItemIcon>{checked && <Check fontSize="small" />}</ListItemIcon>
      <ListItemText>{text}</ListItemText>
    </MenuItem>
  );

  const items = [
    <ListSubheader key="theme" data-testid="theme-toggle">
      {translate('app.header.theme.title')}
    </ListSubheader>,
    ...THEMES.map((t) =>
      radio(theme === t, translate(`app.header.theme.${t}`), `theme-${t}`, () => {
        setTheme(t);
        close();
      }),
    ),
  ];
  if (isFeatureEnabled('localization', principal)) {
    items.push(
      <Divider key="d1" />,
      <ListSubheader key="language" data-testid="language-switch">
        {translate('app.header.language.title')}
      </ListSubheader>,
      ...LANGUAGES.map((lang) =>
        radio(locale === lang, translate(`app.header.language.${lang}`), `language-${lang}`, () => {
          close();
          setLocale(lang);
        }),
      ),
    );
  }
  const oldVersion = OLD_SITE_URL && isFeatureEnabled('oldDesign', principal);
  // the quick-access toolbar setting is a spec screen not built yet: no item until it has a page
  const quickAccess = principal.role !== 'Guest' && hasPage(QUICK_ACCESS) && canAccessPath(principal, QUICK_ACCESS);
  if (oldVersion || quickAccess) items.push(<Divider key="d2" />);
  if (oldVersion) {
    items.push(
      <MenuItem key="old" component="a" href={OLD_SITE_URL ?? undefined} onClick={close}>
        {translate('app.header.oldVersion')}
      </MenuItem>,
    );
  }
  if (quickAccess) {
    items.push(
      <MenuItem key="quick" component={RouterLink} to={QUICK_ACCESS} onClick={close}>
        {translate('app.header.quickAccess')}
      </MenuItem>,
    );
  }

  const buttonProps = {
    'data-testid': 'settings-menu-button',
    'aria-haspopup': 'menu' as const,
    'aria-expanded': Boolean(anchor),
    onClick: open,
    color: 'inherit' as const,
  };
  return (
    <>
      {layout === 'full' ? (
        <Button {...buttonProps} startIcon={<Settings />}>
          {label}
        </Button>
      ) : (
        <IconButton {...buttonProps} aria-label={label}>
          <Settings />
        </IconButton>
      )}
      <Deferred when={Boolean(anchor)}>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close} slotProps={{ list: { 'aria-label': label, dense: true } }}>
        {items}
      </Menu>
      </Deferred>
    </>
  );
}
