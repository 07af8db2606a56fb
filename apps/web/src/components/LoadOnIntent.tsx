import { useEffect, useRef, useState, type ComponentType, type ReactElement } from 'react';

/** What the loaded control is told about the trigger the user met before it arrived. */
export interface IntentProps {
  /** The trigger was pressed before the code arrived: open at once. */
  defaultOpen: boolean;
  /** The trigger had focus: the loaded one takes it over. */
  autoFocus: boolean;
}

/** The handlers the stand-in trigger must put on itself. */
export interface IntentHandlers {
  onPointerEnter: () => void;
  onFocus: () => void;
  onBlur: () => void;
  onPointerDown: () => void;
  onPointerCancel: () => void;
  onClick: () => void;
}

/**
 * A control whose machinery (a menu's or a drawer's state machine, its positioning and focus
 * code) is not part of the first load: `placeholder` draws its trigger alone until the user shows
 * intent (pointer over it, focus, a press); then `load` brings the real control, which replaces
 * it, opened if it was pressed meanwhile and focused if it still has focus. A press counts from
 * the pointer going down: when the code arrives before the pointer comes up, the press ends on the
 * loaded trigger, and the browser then sends the click to neither button.
 */
export function LoadOnIntent<P extends object>({
  load,
  placeholder,
  props,
}: {
  load: () => Promise<ComponentType<P & IntentProps>>;
  placeholder: (handlers: IntentHandlers) => ReactElement;
  props: P;
}) {
  const [Loaded, setLoaded] = useState<ComponentType<P & IntentProps> | null>(null);
  const pressed = useRef(false);
  const focused = useRef(false);
  const started = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  if (Loaded)
    return <Loaded {...props} defaultOpen={pressed.current} autoFocus={focused.current} />;

  const start = () => {
    if (started.current) return;
    started.current = true;
    void load().then((component) => {
      if (mounted.current) setLoaded(() => component);
    });
  };
  return placeholder({
    onPointerEnter: start,
    onFocus: () => {
      focused.current = true;
      start();
    },
    onBlur: () => {
      focused.current = false;
    },
    onPointerDown: () => {
      pressed.current = true;
      start();
    },
    // A touch that turns into a scroll is no press.
    onPointerCancel: () => {
      pressed.current = false;
    },
    onClick: () => {
      pressed.current = true;
      start();
    },
  });
}
