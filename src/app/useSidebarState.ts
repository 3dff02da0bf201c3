import { useMediaQuery, type Theme } from '@mui/material';
import { useStore } from './store';

/** The side menu open or closed, kept in the app's store (the key react-admin uses too): closed on phones at first. */
export function useSidebarState(): [boolean, (open: boolean) => void] {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return useStore<boolean>('sidebar.open', !phone);
}
