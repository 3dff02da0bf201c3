import { Breadcrumbs, Link, Typography } from '@mui/material';
import { useTranslate } from '../app';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { breadcrumbTrail, type Crumb } from './breadcrumbTrail';
import { useBreadcrumbLabels } from './useBreadcrumbLabels';

/** Breadcrumbs built from the path (spec 1 §2.4); ids are named by the breadcrumbs call. */
export function AppBreadcrumbs() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const crumbs = breadcrumbTrail(pathname);
  const labels = useBreadcrumbLabels(crumbs.flatMap((c) => (c.item ? [c.item] : [])));
  if (crumbs.length === 0) return null;

  const label = (c: Crumb) =>
    c.item
      ? (labels[`${c.item.itemType}:${c.item.itemId}`] ?? c.segment)
      : translate(`app.breadcrumbs.segment.${c.segment}`, { _: c.segment });

  return (
    // one line, long names cut with an ellipsis: the labels arrive after the page and must not push it down
    <Breadcrumbs
      aria-label={translate('app.breadcrumbs.label')}
      data-testid="breadcrumbs"
      sx={{
        py: 1,
        minHeight: 40,
        boxSizing: 'border-box',
        '& .MuiBreadcrumbs-ol': { flexWrap: 'nowrap' },
        '& .MuiBreadcrumbs-li': { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
        '& .MuiBreadcrumbs-li > *': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' },
      }}
    >
      <Link component={RouterLink} to="/" underline="hover" color="inherit">
        {translate('app.breadcrumbs.home')}
      </Link>
      {crumbs.map((c) =>
        c.link ? (
          <Link key={c.path} component={RouterLink} to={c.path} underline="hover" color="inherit">
            {label(c)}
          </Link>
        ) : (
          <Typography key={c.path} color="text.primary" aria-current={c === crumbs.at(-1) ? 'page' : undefined}>
            {label(c)}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}
