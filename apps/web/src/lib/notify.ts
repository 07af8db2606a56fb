import { TOAST_DURATION, toaster } from '../components/ui/toaster';

type Kind = 'success' | 'error' | 'info' | 'warning';

function show(type: Kind, title: string, description?: string) {
  // At most one toast at once: a new one replaces the one on screen.
  toaster.dismiss();
  return toaster.create({ type, title, description, duration: TOAST_DURATION, closable: true });
}

/** The app's notices (spec §8). Errors use the destructive (red) style. */
export const notify = {
  /** Title 'Success' unless given. */
  success(description: string, title = 'Success') {
    return show('success', title, description);
  },
  error(title: string, description?: string) {
    return show('error', title, description);
  },
  info(title: string, description?: string) {
    return show('info', title, description);
  },
};
