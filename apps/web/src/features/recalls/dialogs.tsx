import { useState } from 'react';
import { Grid, Input, NativeSelect, Text } from '@chakra-ui/react';
import {
  RECALL_NOTICE_CHANNELS,
  RECALL_NOTICE_CHANNEL_LABELS,
  recallNoticeUpdateSchema,
  type RecallNoticeChannel,
} from '@pharm/validators';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { ReasonDialog } from '../../components/ReasonDialog';
import { issuesByField, showSaveError } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';

type Recall = RouterOutputs['recalls']['get'];

/** The step a dialog records, and for which pharmacy. */
export interface NoticeTarget {
  status: 'notified' | 'acknowledged';
  pharmacy: { id: number; name: string };
}

/** Now as a `datetime-local` value, in the browser's time. */
function nowLocal(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/**
 * Mark notified (when, by whom, how) or Mark acknowledged (when, who at the pharmacy, how many
 * units came back or were destroyed).
 */
export function NoticeDialog({
  recallId,
  target,
  onClose,
}: {
  recallId: number;
  target: NoticeTarget | null;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const update = trpc.recalls.updateNotice.useMutation();
  const [shownFor, setShownFor] = useState<NoticeTarget | null>(null);
  const [at, setAt] = useState('');
  const [by, setBy] = useState('');
  const [channel, setChannel] = useState<RecallNoticeChannel>('phone');
  const [contact, setContact] = useState('');
  const [quantity, setQuantity] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (target !== shownFor) {
    setShownFor(target);
    setAt(nowLocal());
    setBy('');
    setContact('');
    setQuantity('');
    setErrors({});
  }
  const notifying = target?.status === 'notified';

  const save = async () => {
    if (!target) return;
    const parsed = recallNoticeUpdateSchema.safeParse({
      status: target.status,
      at: at ? new Date(at).toISOString() : null,
      by,
      ...(notifying
        ? { channel }
        : { contact, quantityReturned: quantity.trim() === '' ? null : Number(quantity) }),
    });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    try {
      await update.mutateAsync({ id: recallId, pharmacyId: target.pharmacy.id, data: parsed.data });
      notify.success(`${target.pharmacy.name} marked ${notifying ? 'notified' : 'acknowledged'}`);
      await Promise.all([utils.recalls.invalidate(), utils.activity.invalidate()]);
      onClose();
    } catch (error) {
      showSaveError(error, setErrors);
    }
  };

  return (
    <FormDialog
      open={target !== null}
      onClose={onClose}
      title={`${notifying ? 'Mark notified' : 'Mark acknowledged'}: ${target?.pharmacy.name ?? ''}`}
      testId="notice-dialog"
      onSubmit={() => void save()}
      pending={update.isPending}
      submitLabel={notifying ? 'Mark Notified' : 'Mark Acknowledged'}
      submitTestId="notice-save"
    >
      <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
        <FormField label="When" error={errors.at} required>
          <Input
            type="datetime-local"
            name="at"
            value={at}
            onChange={(e) => setAt(e.target.value)}
          />
        </FormField>
        {notifying ? (
          <FormField label="How" error={errors.channel} required>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="channel"
                value={channel}
                onChange={(e) => setChannel(e.target.value as RecallNoticeChannel)}
              >
                {RECALL_NOTICE_CHANNELS.map((c) => (
                  <option key={c} value={c}>
                    {RECALL_NOTICE_CHANNEL_LABELS[c]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        ) : (
          <FormField label="Who at the pharmacy" error={errors.contact} required>
            <Input name="contact" value={contact} onChange={(e) => setContact(e.target.value)} />
          </FormField>
        )}
        <FormField label={notifying ? 'By' : 'Recorded by'} error={errors.by}>
          <Input name="by" placeholder="You" value={by} onChange={(e) => setBy(e.target.value)} />
        </FormField>
        {notifying ? null : (
          <FormField label="Quantity returned or destroyed" error={errors.quantityReturned}>
            <Input
              name="quantityReturned"
              type="number"
              min={0}
              step={1}
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
            />
          </FormField>
        )}
      </Grid>
    </FormDialog>
  );
}

/** Close the recall: at once when everyone acknowledged, else with a reason. */
export function CloseRecallDialog({
  recall,
  open,
  onClose,
}: {
  recall: Recall;
  open: boolean;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const close = trpc.recalls.close.useMutation();
  const { total, acknowledged } = recall.progress;
  const everyone = acknowledged === total;

  const confirm = async (reason: string) => {
    await close.mutateAsync({ id: recall.id, data: { reason: reason || null } });
    notify.success(`Recall ${recall.number} closed`);
    await Promise.all([utils.recalls.invalidate(), utils.activity.invalidate()]);
  };

  return (
    <ReasonDialog
      open={open}
      onClose={onClose}
      title={`Close recall ${recall.number}`}
      testId="close-recall-dialog"
      submitLabel="Close Recall"
      submitTestId="close-recall-save"
      missingReason={
        everyone ? null : 'Give a reason to close while pharmacies have not acknowledged'
      }
      pending={close.isPending}
      onConfirm={confirm}
    >
      {() => (
        <Text textStyle="sm">
          {everyone
            ? `All ${total} pharmacies have acknowledged.`
            : `${total - acknowledged} of ${total} pharmacies have not acknowledged: say why the recall closes without them.`}{' '}
          The lots stay recalled.
        </Text>
      )}
    </ReasonDialog>
  );
}
