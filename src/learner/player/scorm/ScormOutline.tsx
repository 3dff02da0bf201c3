import { List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useTranslate } from '../../../app';
import type { ItemState, ScormItem } from '../../../../shared/calls/study/scorm';
import type { Navigation, States } from '../../../../shared/scormSequencing';
import { statusKey } from './status';

/** The status of an item as the status line words it. */
function itemStatus(s: ItemState | undefined) {
  if (!s) return 'not attempted' as const;
  if (s.success !== 'unknown') return s.success;
  return s.completion;
}

/**
 * The package's organisation as an outline: every visible item not hidden from choice (an
 * invisible one's children in its place), the
 * current SCO marked, each item's status; an item the sequencing lets the learner choose is a
 * button, the others are shown disabled.
 */
export function ScormOutline({ root, current, states, nav, onChoose }: { root: ScormItem; current: string; states: States; nav: Navigation; onChoose(id: string): void }) {
  const translate = useTranslate();
  const rows: { item: ScormItem; depth: number }[] = [];
  const walk = (item: ScormItem, depth: number) => {
    if (nav.hidden.has(item.id)) return;
    // an invisible item (isvisible="false", often a wrapper) hides itself, not its children
    if (!item.visible) return item.children.forEach((c) => walk(c, depth));
    rows.push({ item, depth });
    item.children.forEach((c) => walk(c, depth + 1));
  };
  root.children.forEach((c) => walk(c, 0));
  return (
    <nav aria-label={translate('app.scorm.outline.title')} data-testid="scorm-outline">
      <Typography variant="subtitle2" sx={{ px: 2, pt: 1 }}>{root.title || translate('app.scorm.outline.title')}</Typography>
      <List dense>
        {rows.map(({ item, depth }) => {
          const isCurrent = item.id === current;
          const status = itemStatus(states[item.id]);
          return (
            <ListItemButton
              key={item.id}
              data-testid={`scorm-item-${item.id}`}
              data-status={status}
              selected={isCurrent}
              aria-current={isCurrent ? 'step' : undefined}
              disabled={!isCurrent && !nav.choice[item.id]}
              onClick={() => !isCurrent && onChoose(item.id)}
              sx={{ pl: 2 + depth * 2 }}
            >
              <ListItemText
                primary={item.title}
                secondary={isCurrent ? `${translate(statusKey(status))} · ${translate('app.scorm.outline.current')}` : translate(statusKey(status))}
              />
            </ListItemButton>
          );
        })}
      </List>
    </nav>
  );
}
