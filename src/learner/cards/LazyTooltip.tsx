import { cloneElement, lazy, startTransition, Suspense, useRef, useState, type ReactElement, type Ref } from 'react';

// MUI's Tooltip brings Popper (~12 KB gzip): it loads when a tooltip is first wanted
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

type Child = ReactElement<{ ref?: Ref<HTMLElement>; 'aria-label'?: string }>;

/**
 * MUI's Tooltip, loaded the first time the pointer or the focus reaches its child. Until then
 * the child carries the title as its accessible name, as the Tooltip gives it; then the Tooltip
 * takes over, open if the pointer or the focus is still there.
 */
export function LazyTooltip({ title, children }: { title: string; children: Child }) {
  const [wanted, setWanted] = useState<'pointer' | 'focus' | null>(null);
  const [open, setOpen] = useState(false);
  // a tap is not a hover: MUI's Tooltip opens on a long press only, and ignores the mouse events
  // a browser makes up after a tap; the first touch only loads it
  const touchedAt = useRef(0);
  const afterTap = (type: string) => type.startsWith('mouse') && Date.now() - touchedAt.current < 1000;
  const want = (how: 'pointer' | 'focus' | 'touch') => {
    if (how === 'touch') touchedAt.current = Date.now();
    else if (how === 'focus' || !afterTap('mouseover')) setOpen(true);
    // a transition keeps the child on screen (not a fallback) while the Tooltip loads
    startTransition(() => setWanted((w) => w ?? (how === 'focus' ? 'focus' : 'pointer')));
  };
  const close = () => setOpen(false);
  const plain = cloneElement(children, {
    'aria-label': title,
    onMouseOver: () => want('pointer'),
    onTouchStart: () => want('touch'),
    onFocus: () => want('focus'),
    onMouseLeave: close,
    onBlur: close,
  } as Partial<Child['props']>);
  // the Tooltip remounts its child: a child that had the focus gets it back
  const refocus = (node: HTMLElement | null) => {
    if (node && wanted === 'focus' && document.activeElement === document.body) node.focus();
  };
  return (
    <Suspense fallback={plain}>
      {wanted ? (
        <Tooltip title={title} open={open} onOpen={(e) => { if (!afterTap(e.type)) setOpen(true); }} onClose={close}>
          {cloneElement(children, { ref: refocus })}
        </Tooltip>
      ) : (
        plain
      )}
    </Suspense>
  );
}
