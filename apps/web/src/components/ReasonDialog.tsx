import { useState, type ReactNode } from 'react';
import { Stack, Textarea } from '@chakra-ui/react';
import { showSaveError } from '../lib/form-errors';
import { FormDialog } from './FormDialog';
import { FormField } from './FormField';

/**
 * A change that is confirmed with a reason (a lot's status, closing a recall): what the change
 * does or the fields that go with it, then the reason. `missingReason` is the message when the
 * reason is left blank, or null when a blank one is fine. `onConfirm` saves with the trimmed
 * reason; the server's field messages show on their fields (`children` gets them), any other
 * error as a toast, and the dialog closes once it succeeds. The reason starts blank at each open.
 */
export function ReasonDialog({
  open,
  onClose,
  title,
  testId,
  submitLabel,
  submitTestId,
  missingReason,
  pending,
  onConfirm,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  testId: string;
  submitLabel: string;
  submitTestId?: string;
  missingReason: string | null;
  pending: boolean;
  onConfirm: (reason: string) => Promise<void>;
  children?: (errors: Record<string, string>) => ReactNode;
}) {
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setReason('');
      setErrors({});
    }
  }

  const save = async () => {
    const trimmed = reason.trim();
    if (!trimmed && missingReason !== null) {
      setErrors({ reason: missingReason });
      return;
    }
    try {
      await onConfirm(trimmed);
      onClose();
    } catch (error) {
      showSaveError(error, setErrors);
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={title}
      testId={testId}
      onSubmit={() => void save()}
      pending={pending}
      submitLabel={submitLabel}
      submitTestId={submitTestId}
    >
      <Stack gap="4">
        {children?.(errors)}
        <FormField label="Reason" error={errors.reason} required={missingReason !== null}>
          <Textarea
            name="reason"
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </FormField>
      </Stack>
    </FormDialog>
  );
}
