import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

/** Whom "Email notices" asks about: every pharmacy still to notify, or one of them. */
export type EmailNoticesTarget =
  { all: true; count: number } | { pharmacy: { id: number; name: string } };

/**
 * Confirms "Email notices" (or one pharmacy's Email Letter): each pharmacy still to notify gets
 * its recall letter by email through the outbox. The notice is marked notified by email when the
 * mail server accepts the email, not now: the dialog says so, and the toast says what was queued
 * and what was left.
 */
export function EmailNoticesDialog({
  recall,
  target,
  onClose,
}: {
  recall: { id: number; number: string };
  target: EmailNoticesTarget | null;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const send = trpc.recalls.emailNotices.useMutation();
  const one = target && 'pharmacy' in target ? target.pharmacy : null;
  const count = target && 'count' in target ? target.count : 0;

  const confirm = async () => {
    if (!target) return;
    try {
      const result = await send.mutateAsync({
        id: recall.id,
        data: one ? { pharmacyIds: [one.id] } : {},
      });
      const held = result.queued.some((email) => email.status === 'held');
      const queued = result.queued.length;
      const left = result.skipped.map((s) => `${s.pharmacy} (${s.reason})`).join(', ');
      notify.success(
        `${
          queued
            ? `${queued} recall ${queued === 1 ? 'letter' : 'letters'} ${held ? 'held in the Outbox (no mail server set)' : 'queued'}`
            : 'No letter to email'
        }${left ? `; left: ${left}` : ''}`,
      );
      await Promise.all([
        utils.recalls.invalidate(),
        utils.emails.invalidate(),
        utils.activity.invalidate(),
      ]);
      onClose();
    } catch (error) {
      notify.error('Error', errorMessage(error));
    }
  };

  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={one ? `Email the letter to ${one.name}` : `Email notices of ${recall.number}`}
      message={`${
        one
          ? `${one.name} gets`
          : count === 1
            ? 'The one pharmacy still to notify gets'
            : `Each of the ${count} pharmacies still to notify gets`
      } an email with its recall letter attached, from the Outbox. A notice is marked notified by email once the mail server accepts its email; until then it stays to notify.`}
      confirmLabel={one ? 'Email Letter' : 'Email Notices'}
      pendingLabel="Queueing…"
      pending={send.isPending}
      destructive={false}
      onConfirm={() => void confirm()}
    />
  );
}
