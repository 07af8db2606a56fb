import type { ReactNode } from 'react';
import { Button } from '@chakra-ui/react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { LuArrowLeft } from 'react-icons/lu';

/** The "Back to …" link above a form page's title. */
export function BackLink({ to, children }: { to: LinkProps['to']; children: ReactNode }) {
  return (
    <Button asChild variant="ghost" size="sm" ms="-3" color="fg.muted">
      <Link to={to}>
        <LuArrowLeft /> {children}
      </Link>
    </Button>
  );
}
