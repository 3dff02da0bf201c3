import { Button, type ButtonProps } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Confirm } from 'react-admin';

/** A button that asks first (delete with isAgree, exclude an author). */
export function ConfirmButton({
  title,
  content,
  onConfirm,
  children,
  ...button
}: { title: string; content: string; onConfirm: () => Promise<unknown> | void; children: ReactNode } & Omit<ButtonProps, 'onClick' | 'title' | 'content'>) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button {...button} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={title}
        content={content}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            await onConfirm();
          } finally {
            setBusy(false);
            setOpen(false);
          }
        }}
      />
    </>
  );
}
