import { IconButton, Tooltip } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from '../app';
import { useQuickAccess } from './quickAccess';
import { useAccount } from './useAccount';

/** The chosen shortcuts in the header, in the chosen order (set up at /courses/quick-access-toolbar-setting). */
export function QuickAccessToolbar() {
  const translate = useTranslate();
  const { principal } = useAccount();
  const { chosen } = useQuickAccess(principal);
  if (!chosen.length) return null;
  return (
    <nav aria-label={translate('app.header.quickAccessToolbar')} data-testid="quick-access-toolbar">
      <ul style={{ display: 'flex', listStyle: 'none', margin: 0, padding: 0 }}>
        {chosen.map((entry) => {
          const Icon = entry.icon;
          const label = translate(`app.menu.${entry.key}`);
          return (
            <li key={entry.key}>
              <Tooltip title={label}>
                <IconButton color="inherit" component={Link} to={entry.path} aria-label={label} data-testid={`quick-access-${entry.key}`}>
                  <Icon />
                </IconButton>
              </Tooltip>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
