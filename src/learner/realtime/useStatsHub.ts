import { useEffect, useState } from 'react';
import type { HubStatus } from './hubConnection';
import { acquireStatsHub, type StatsSender, type WatchStat } from './statsHub';

/** The stats connection while the calling viewer is on screen: its status and a save function. */
export function useStatsHub(): { status: HubStatus; save: (stat: WatchStat) => void } {
  const [state, setState] = useState<{ status: HubStatus; sender: StatsSender | null }>({ status: 'connecting', sender: null });
  useEffect(() => {
    const { hub, sender, release } = acquireStatsHub();
    setState({ status: hub.status(), sender });
    const unsubscribe = hub.subscribe((status) => setState({ status, sender }));
    return () => {
      unsubscribe();
      release();
    };
  }, []);
  const { sender } = state;
  return { status: state.status, save: (stat) => sender?.save(stat) };
}
