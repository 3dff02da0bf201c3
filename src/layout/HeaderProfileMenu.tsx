import Login from '@mui/icons-material/Login';
import Logout from '@mui/icons-material/Logout';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import { Avatar, Box, Button, Divider, IconButton, ListItemIcon, MenuItem, Typography } from '@mui/material';
import { lazy, useState } from 'react';
import { Deferred, useNotify, useTranslate } from '../app';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { serverText } from '../http/errors';
import { withTexts } from '../i18n/lazyTexts';
import { IDENTITY_PROFILE_URL, isExternal } from '../ui/siteLinks';
import { switchAccount, type AccountSwitch } from './accountSwitch';
import { signIn } from './signIn';
import { useAccount } from './useAccount';
import type { HeaderLayout } from './useHeaderLayout';
import { visuallyHidden } from '../ui/visuallyHidden';


const Menu = lazy(() => import('@mui/material/Menu'));
// with the question forms' texts: it names the answers still waiting on the device (issue 31)
const LogoutConfirmDialog = lazy(() => withTexts('playerQuestions', import('./LogoutConfirmDialog')).then((m) => ({ default: m.LogoutConfirmDialog })));

/** Profile menu (spec 1 §2.4): identity profile, account switching, log out; sign in for guests. */
export function HeaderProfileMenu({ layout }: { layout: HeaderLayout }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { pathname, search } = useLocation();
  const { account } = useAccount();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const close = () => setAnchor(null);

  if (!account || account.role === 'Guest') {
    return (
      <Button color="inherit" startIcon={<Login />} onClick={() => signIn(`${pathname}${search}`)}>
        {translate('app.common.signIn')}
      </Button>
    );
  }

  const fullName = [account.firstname, account.surname].filter(Boolean).join(' ') || account.eMail || '';
  const initials = (account.firstname?.[0] ?? '') + (account.surname?.[0] ?? '') || fullName[0];
  const doSwitch = (kind: AccountSwitch) => {
    close();
    switchAccount(kind).catch((e: unknown) => {
      const reason = serverText(e) ?? (e as Error).message;
      notify(`${translate('app.header.switchFailed')}${reason ? `: ${reason}` : ''}`, { type: 'error' });
    });
  };
  const profileLink = isExternal(IDENTITY_PROFILE_URL)
    ? { component: 'a' as const, href: IDENTITY_PROFILE_URL, target: '_blank', rel: 'noopener noreferrer' }
    : { component: RouterLink, to: IDENTITY_PROFILE_URL };

  const wide = layout === 'laptop' || layout === 'full';

  // a session switched into another account of the family, or in a linked (non-main) account, says so
  const switched = !account.isMain || account.canSwitchBack;

  return (
    <>
      {switched && (
        // a plain box, not a Chip: the header is in every first load
        <Box
          role="status"
          data-testid="switched-session-notice"
          title={translate('app.header.switchedNotice')}
          aria-label={translate('app.header.switchedNotice')}
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1, py: 0.25, border: 1, borderColor: 'warning.main', color: 'warning.main', borderRadius: 4, typography: 'body2', whiteSpace: 'nowrap' }}
        >
          <SwapHoriz fontSize="small" />
          {layout !== 'mobile' && translate('app.header.switchedNotice')}
        </Box>
      )}
      <IconButton
        color="inherit"
        aria-haspopup="menu"
        data-testid="profile-menu-button"
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ borderRadius: 2, gap: 1, py: 0.25 }}
      >
        {/* named by what it shows (the name) and what it opens, not an aria-label hiding the name (WCAG 2.5.3); the initials are for the eye */}
        <span style={visuallyHidden}>{translate('app.header.profileMenu')}</span>
        <Avatar src={account.picture ?? undefined} alt="" aria-hidden sx={{ width: 32, height: 32, fontSize: 14 }}>
          {initials}
        </Avatar>
        {wide && (
          <Box sx={{ textAlign: 'left' }}>
            <Typography variant="body2" sx={{ lineHeight: 1.2 }}>
              {layout === 'full' ? fullName : (account.firstname ?? fullName)}
            </Typography>
            {layout === 'full' && account.eMail && (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.2 }}>
                {account.eMail}
              </Typography>
            )}
          </Box>
        )}
      </IconButton>
      <Deferred when={Boolean(anchor)}>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close} slotProps={{ list: { dense: true } }}>
        <MenuItem {...profileLink} onClick={close}>
          {translate('app.header.identityProfile')}
        </MenuItem>
        {!account.isMain && <MenuItem onClick={() => doSwitch('toMain')}>{translate('app.header.switchToMain')}</MenuItem>}
        {account.canSwitchBack && <MenuItem onClick={() => doSwitch('back')}>{translate('app.header.switchBack')}</MenuItem>}
        <Divider />
        <MenuItem
          data-testid="logout-menu-item"
          onClick={() => {
            close();
            setConfirming(true);
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {translate('app.header.logout')}
        </MenuItem>
      </Menu>
      </Deferred>
      <Deferred when={confirming}>
        <LogoutConfirmDialog open={confirming} onClose={() => setConfirming(false)} />
      </Deferred>
    </>
  );
}
