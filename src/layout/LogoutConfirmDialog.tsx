import { Confirm } from '../app/Confirm';
import { useLogout } from './useLogout';

/** Log out after a confirmation (spec 1 §2.4); the authProvider ends the session. */
export function LogoutConfirmDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const logout = useLogout();
  return (
    <Confirm
      isOpen={open}
      title="app.header.logoutTitle"
      content="app.header.logoutConfirm"
      confirm="app.header.logout"
      cancel="app.common.cancel"
      onConfirm={() => {
        onClose();
        void logout();
      }}
      onClose={onClose}
    />
  );
}
