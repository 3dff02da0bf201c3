import { Box, ButtonBase } from '@mui/material';
import { useRef, type KeyboardEvent } from 'react';

/**
 * A row of tabs drawn as MUI's Tabs (text tabs, the selected one underlined in the primary
 * colour) without their ~5 KB gzip of scroll buttons and indicator animation: a tablist whose
 * tabs take the arrow keys, Home and End, with the focus on the selected tab (roving tabindex);
 * on a narrow screen the row scrolls sideways.
 */
export function TabStrip<T extends string | number>({ value, onChange, tabs, label }: {
  value: T;
  onChange: (value: T) => void;
  tabs: readonly { value: T; label: string }[];
  label?: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }[e.key];
    if (next === undefined || at < 0) return;
    e.preventDefault();
    buttons[(next + buttons.length) % buttons.length].focus();
  };
  return (
    <Box
      ref={list}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      sx={{ display: 'flex', overflowX: 'auto', scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' }, minHeight: 48 }}
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
  );
}
