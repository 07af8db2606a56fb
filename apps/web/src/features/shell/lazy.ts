import { lazy } from 'react';

/**
 * The sign-in screen and the signed-in frame (top bar, side menu, user menu, drawer) load apart:
 * the sign-in screen does not download the frame's menus and dialogs, and a signed-in reload does
 * not download the sign-in forms.
 */
export const loadAuthScreen = () => import('../auth/AuthScreen');
export const loadAppShell = () => import('./AppShell');

export const AuthScreen = lazy(() => loadAuthScreen().then((m) => ({ default: m.AuthScreen })));
export const AppShell = lazy(() => loadAppShell().then((m) => ({ default: m.AppShell })));
