import type { ComponentProps, ReactNode } from 'react';
import { Button, Stack, type DialogBodyProps } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuDownload, LuPencil } from 'react-icons/lu';
import { DetailsContent } from '../../components/DetailsDialog';
import { Can } from '../auth/can';
import { OpenPageButton } from '../records/RecordLink';

const EDIT_ROUTE = { Invoice: '/invoices/$id/edit', Order: '/orders/$id/edit' } as const;
const WRITE = { Invoice: 'invoices.write', Order: 'orders.write' } as const;

/**
 * The content of an invoice's or an order's details dialog: its number and `status` over the
 * tabs, `children` (the Details tab) one block under the other, and a footer to open its page,
 * download its PDF or edit it.
 */
export function DocumentContent({
  noun,
  id,
  number,
  status,
  tabs,
  bodyProps,
  downloading,
  downloadingText,
  onDownload,
  children,
}: {
  noun: keyof typeof EDIT_ROUTE;
  id: number;
  number: string;
  status: ReactNode;
  tabs: ComponentProps<typeof DetailsContent>['tabs'];
  bodyProps?: DialogBodyProps;
  downloading: boolean;
  downloadingText: string;
  onDownload: () => void;
  children: ReactNode;
}) {
  return (
    <DetailsContent
      title={number}
      badge={status}
      subtitle={`${noun} details`}
      tabs={tabs}
      bodyProps={bodyProps}
      actions={
        <>
          <OpenPageButton kind={noun === 'Order' ? 'order' : 'invoice'} id={id} />
          <Button
            variant="outline"
            colorPalette="gray"
            loading={downloading}
            loadingText={downloadingText}
            onClick={onDownload}
          >
            <LuDownload /> Download PDF
          </Button>
          <Can permission={WRITE[noun]}>
            <Button asChild>
              <Link to={EDIT_ROUTE[noun]} params={{ id }}>
                <LuPencil /> Edit {noun}
              </Link>
            </Button>
          </Can>
        </>
      }
    >
      <Stack gap="6">{children}</Stack>
    </DetailsContent>
  );
}
