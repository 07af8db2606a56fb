import { useEffect, useRef } from 'react';
import { Box, type BoxProps } from '@chakra-ui/react';

/**
 * An email's HTML as it will look, in a shadow root: its styles stay inside and the app's stay
 * out. Nothing in it runs: markup set this way runs no script, and the app's Content Security
 * Policy refuses inline handlers and remote images. (A sandboxed iframe would do the same, but
 * axe, which the browser tests run on every screen, waits forever on a frame it cannot enter.)
 */
export function HtmlPreview({ html, label, ...props }: { html: string; label: string } & BoxProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = ref.current;
    if (!host) return;
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    root.innerHTML = html;
  }, [html]);
  return (
    <Box
      ref={ref}
      role="region"
      aria-label={label}
      // Scrolls when the email is long (a reminder listing invoices): keyboard users must reach it.
      tabIndex={0}
      borderWidth="1px"
      borderRadius="md"
      bg="white"
      color="black"
      p="3"
      overflow="auto"
      {...props}
    />
  );
}
