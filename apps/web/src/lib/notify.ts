import { useSyncExternalStore } from 'react';
import type * as toasterModule from '../components/ui/toaster';

type Kind = 'success' | 'error' | 'info' | 'warning';
type ToasterModule = typeof toasterModule;

let loaded: ToasterModule | undefined;
let loading: Promise<ToasterModule> | undefined;
const listeners = new Set<() => void>();

/**
 * The toaster (Chakra's toast machine and its styles) is not part of the first load: it loads
 * with the first notice, or earlier through this call when a notice is about to be likely.
 */
export function loadToaster(): Promise<ToasterModule> {
  loading ??= import('../components/ui/toaster').then((module) => {
    loaded = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

/** The toast region's component once the toaster has loaded, else null. */
export function useLoadedToaster(): ToasterModule['Toaster'] | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loaded?.Toaster ?? null,
  );
}

function show(type: Kind, title: string, description?: string) {
  void loadToaster().then(({ toaster, TOAST_DURATION }) => {
    // At most one toast at once: a new one replaces the one on screen.
    toaster.dismiss();
    toaster.create({ type, title, description, duration: TOAST_DURATION, closable: true });
  });
}

/** The app's notices (spec §8). Errors use the destructive (red) style. */
export const notify = {
  /** Title 'Success' unless given. */
  success(description: string, title = 'Success') {
    show('success', title, description);
  },
  error(title: string, description?: string) {
    show('error', title, description);
  },
  info(title: string, description?: string) {
    show('info', title, description);
  },
  /** Dismisses the notice on screen: at sign-in and sign-out, one of the session before. */
  clear() {
    loaded?.toaster.dismiss();
  },
};
