import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Box, ButtonBase } from '@mui/material';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

/**
 * Whether a row scrolled sideways has more to either side; followed on scrolling and resizing.
 */
function useOverflow(row: RefObject<HTMLDivElement | null>, count: number) {
  const [more, setMore] = useState({ before: false, after: false });
  useEffect(() => {
    const el = row.current;
    if (!el) return;
    const update = () => {
      const before = el.scrollLeft > 1;
      const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setMore((m) => (m.before === before && m.after === after ? m : { before, after }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resize?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      resize?.disconnect();
    };
  }, [row, count]);
  return more;
}

/**
 * The arrow at an end of a row that scrolls: shows that there is more, and scrolls there by
 * a click or a tap. Like MUI's tab scroll buttons it is not in the tab order (the arrow keys
 * move along the tabs and bring the focused one into view) and is hidden from screen readers.
 */
function ScrollArrow({ side, enabled, onClick }: { side: 'before' | 'after'; enabled: boolean; onClick: () => void }) {
  return (
    <Box
      component="span"
      aria-hidden
      data-testid={`tabs-scroll-${side}`}
      data-enabled={enabled ? 'true' : 'false'}
      onClick={enabled ? onClick : undefined}
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', width: 32, flexShrink: 0, color: 'text.secondary', cursor: enabled ? 'pointer' : 'default', opacity: enabled ? 1 : 0.38 }}
    >
      {side === 'before' ? <ChevronLeft /> : <ChevronRight />}
    </Box>
  );
}

/**
 * A row of tabs drawn as MUI's Tabs (text tabs, the selected one underlined in the primary
 * colour) without their ~5 KB gzip of indicator animation: a tablist whose tabs take the arrow
 * keys, Home and End, with the focus on the selected tab (roving tabindex). On a narrow screen
 * the row scrolls sideways, with arrows at its ends that show it does (MUI's scrollable tabs
 * with allowScrollButtonsMobile).
 */
export function TabStrip<T extends string | number>({ value, onChange, tabs, label }: {
  value: T;
  onChange: (value: T) => void;
  tabs: readonly { value: T; label: string }[];
  label?: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  const more = useOverflow(list, tabs.length);
  const scrolls = more.before || more.after;
  const scroll = (direction: 1 | -1) => list.current?.scrollBy({ left: direction * list.current.clientWidth * 0.8, behavior: 'smooth' });
  const onKeyDown = (e: KeyboardEvent) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }[e.key];
    if (next === undefined || at < 0) return;
    e.preventDefault();
    buttons[(next + buttons.length) % buttons.length].focus();
  };
  return (
    <Box sx={{ display: 'flex', minHeight: 48 }}>
      {scrolls && <ScrollArrow side="before" enabled={more.before} onClick={() => scroll(-1)} />}
      <Box
        ref={list}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        sx={{ display: 'flex', flexGrow: 1, minWidth: 0, overflowX: 'auto', scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' }, minHeight: 48 }}
      >
        {tabs.map((t) => {
          const selected = t.value === value;
          return (
            <ButtonBase
              key={String(t.value)}
              role="tab"
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              focusRipple
              onClick={() => onChange(t.value)}
              sx={(theme) => ({
                ...theme.typography.button,
                flexShrink: 0,
                maxWidth: 360,
                minWidth: 90,
                minHeight: 48,
                p: '12px 16px',
                lineHeight: 1.25,
                color: selected ? 'primary.main' : 'text.secondary',
                // the selected tab's underline (MUI's indicator)
                boxShadow: selected ? `inset 0 -2px 0 ${theme.palette.primary.main}` : 'none',
                transition: theme.transitions.create(['color', 'box-shadow']),
              })}
            >
              {t.label}
            </ButtonBase>
          );
        })}
      </Box>
      {scrolls && <ScrollArrow side="after" enabled={more.after} onClick={() => scroll(1)} />}
    </Box>
  );
}
