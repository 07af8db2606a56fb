import { useState } from 'react';
import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { formatDate } from '@pharm/validators';
import { MoneyText } from '../../components/MoneyText';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useCan } from '../auth/can';
import { RecordSection } from '../records/RecordPage';

/**
 * The pharmacy page's late fees (dunning): what is owed of them and each fee, with Waive (and its
 * reason) for who may decide dunning. Nothing while the pharmacy has none, as while fees are off.
 */
export function DunningFees({ pharmacyId }: { pharmacyId: number }) {
  const writes = useCan()('dunning.write');
  const utils = trpc.useUtils();
  const fees = trpc.dunning.fees.useQuery({ id: pharmacyId });
  const [waiving, setWaiving] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const waive = trpc.dunning.waiveFee.useMutation({
    onSuccess: async () => {
      notify.success('Fee waived');
      setWaiving(null);
      setReason('');
      await Promise.all([utils.dunning.fees.invalidate(), utils.statements.invalidate()]);
    },
    onError: (error) => notify.error('Could not waive the fee', errorMessage(error)),
  });
  if (!fees.data?.fees.length) return null;
  return (
    <RecordSection title="Late fees">
      <Stack gap="3" textStyle="sm" data-testid="pharmacy-fees">
        <HStack>
          <Text color="fg.muted">Owed</Text>
          <MoneyText value={fees.data.owed} fontWeight="semibold" highlightPositive />
        </HStack>
        {fees.data.fees.map((fee) => (
          <Stack key={fee.id} gap="2">
            <HStack gap="3" wrap="wrap">
              <Text fontWeight="medium">{fee.number}</Text>
              <Text color="fg.muted">
                {formatDate(fee.date)} · reminder level {fee.level}
              </Text>
              <MoneyText value={fee.amount} />
              {fee.waivedOn ? (
                <Text color="fg.muted">
                  Waived {formatDate(fee.waivedOn)}: {fee.waiveReason}
                </Text>
              ) : writes && waiving !== fee.id ? (
                <Button size="2xs" variant="outline" onClick={() => setWaiving(fee.id)}>
                  Waive
                </Button>
              ) : null}
            </HStack>
            {waiving === fee.id ? (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  waive.mutate({ id: fee.id, data: { reason } });
                }}
              >
                <HStack gap="2">
                  <Input
                    size="sm"
                    name="reason"
                    aria-label="Reason for waiving the fee"
                    placeholder="Why it is waived"
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                    maxW="sm"
                  />
                  <Button size="sm" type="submit" loading={waive.isPending}>
                    Waive fee
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setWaiving(null)}>
                    Cancel
                  </Button>
                </HStack>
              </form>
            ) : null}
          </Stack>
        ))}
      </Stack>
    </RecordSection>
  );
}
