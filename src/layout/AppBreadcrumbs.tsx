import { Breadcrumbs, Link, Typography, useMediaQuery, type Theme } from '@mui/material';
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
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (crumbs.length === 0) return null;

  const label = (c: Crumb) =>
    c.item
      ? (labels[`${c.item.itemType}:${c.item.itemId}`] ?? c.segment)
      : translate(`app.breadcrumbs.segment.${c.segment}`, { _: c.segment });

  return (
    // one line, long names cut with an ellipsis: the labels arrive after the page and must not push it down.
    // On a phone only the parent and the current page show, after a button that shows the whole path:
    // six crumbs cut to a letter each say nothing
    <Breadcrumbs
      aria-label={translate('app.breadcrumbs.label')}
      data-testid="breadcrumbs"
      {...(phone ? { maxItems: 2, itemsBeforeCollapse: 0, itemsAfterCollapse: 2 } : {})}
      expandText={translate('app.breadcrumbs.showPath')}
      sx={{
        py: 1,
        minHeight: 40,
        boxSizing: 'border-box',
        '& .MuiBreadcrumbs-ol': { flexWrap: 'nowrap' },
        '& .MuiBreadcrumbs-li': { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
        // each crumb a target of at least 24 px (WCAG 2.2 2.5.8)
        '& .MuiBreadcrumbs-li > *': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block', lineHeight: '24px', minHeight: 24 },
        '& .MuiBreadcrumbs-li > button': { display: 'flex', alignItems: 'center', justifyContent: 'center', minWidth: 32, minHeight: 24, m: 0 },
        // the separators stay whole; the current page keeps more of its name than its parent
        '& .MuiBreadcrumbs-separator': { flexShrink: 0 },
        '& .MuiBreadcrumbs-li:last-of-type': { flexShrink: 0, maxWidth: '60%' },
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
