import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Box, chakra, useSlotRecipe } from '@chakra-ui/react';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

const TABS = [
  { value: 'login', label: 'Login', Form: LoginForm },
  { value: 'register', label: 'Register', Form: RegisterForm },
] as const;

/**
 * The Login | Register tabs: WAI-ARIA tabs (arrow keys, Home and End move between them) drawn by
 * Chakra's tabs recipe, enclosed and fitted. Not Chakra's `Tabs`: its state machine (zag) would be
 * about a twentieth of the sign-in screen's JavaScript, for two tabs. Only the open form is mounted.
 */
export function AuthTabs() {
  const [selected, setSelected] = useState(0);
  const id = useId();
  const triggers = useRef<(HTMLButtonElement | null)[]>([]);
  const styles = useSlotRecipe({ key: 'tabs' })({ variant: 'enclosed', fitted: true, size: 'md' });

  const onKeyDown = (event: KeyboardEvent) => {
    const last = TABS.length - 1;
    const next = {
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setSelected(next);
    triggers.current[next]?.focus();
  };

  const { value, Form } = TABS[selected]!;
  return (
    <Box css={styles.root} data-orientation="horizontal">
      <Box
        role="tablist"
        aria-orientation="horizontal"
        data-orientation="horizontal"
        css={styles.list}
        w="full"
        mb="6"
        onKeyDown={onKeyDown}
      >
        {TABS.map((tab, index) => (
          <chakra.button
            key={tab.value}
            ref={(el: HTMLButtonElement | null) => {
              triggers.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-${tab.value}-tab`}
            // Only the open tab's panel exists (the other form is not mounted).
            aria-controls={index === selected ? `${id}-${tab.value}-panel` : undefined}
            aria-selected={index === selected}
            tabIndex={index === selected ? 0 : -1}
            data-orientation="horizontal"
            css={styles.trigger}
            onClick={() => setSelected(index)}
          >
            {tab.label}
          </chakra.button>
        ))}
      </Box>
      <Box
        role="tabpanel"
        id={`${id}-${value}-panel`}
        aria-labelledby={`${id}-${value}-tab`}
        data-orientation="horizontal"
        css={styles.content}
        p="0"
      >
        <Form />
      </Box>
    </Box>
  );
}
