import { useState } from 'react';
import { Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { errorMessage, serverFieldErrors } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useCan } from '../auth/can';

/** Whole days typed in a number input, or null while it is empty or not a whole number ≥ 0. */
const daysOf = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : null);

/** The business's minimum shelf life (days a lot must have left when it ships), on the Settings page. */
export function ShelfLifeSetting() {
  const can = useCan();
  const utils = trpc.useUtils();
  const current = trpc.lots.settings.useQuery();
  const update = trpc.lots.updateSettings.useMutation();
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  if (!current.data) return null;
  const text = typed ?? String(current.data.minShelfLifeDays);
  const save = async () => {
    const days = daysOf(text);
    if (days === null) return setError('Minimum shelf life must be a whole number of days');
    try {
      await update.mutateAsync({ data: { minShelfLifeDays: days } });
      notify.success('Settings saved');
      setTyped(null);
      setError(undefined);
      await utils.lots.invalidate();
    } catch (e) {
      setError(serverFieldErrors(e)['data.minShelfLifeDays'] ?? errorMessage(e));
    }
  };
  return (
    <Stack gap="2" p="5" maxW="md" data-testid="shelf-life-setting">
      <Text fontWeight="medium">Minimum shelf life (days)</Text>
      <HStack>
        <Input
          type="number"
          min={0}
          step={1}
          w="32"
          name="minShelfLifeDays"
          aria-label="Minimum shelf life in days"
          readOnly={!can('settings.write')}
          value={text}
          onChange={(e) => setTyped(e.target.value)}
        />
        {can('settings.write') ? (
          <Button variant="outline" loading={update.isPending} onClick={() => void save()}>
            Save
          </Button>
        ) : null}
      </HStack>
      {error ? (
        <Text color="fg.error" textStyle="sm">
          {error}
        </Text>
      ) : null}
      <Text textStyle="sm" color="fg.muted">
        Fulfilling an order or issuing an invoice is refused for a lot expiring within this many
        days; a pharmacy may have its own.
      </Text>
    </Stack>
  );
}

/** A pharmacy's own minimum shelf life, or the business's, on its page. */
export function PharmacyShelfLife({ pharmacyId }: { pharmacyId: number }) {
  const can = useCan();
  const utils = trpc.useUtils();
  const current = trpc.lots.pharmacyShelfLife.useQuery({ id: pharmacyId });
  const update = trpc.lots.setPharmacyShelfLife.useMutation();
  const [typed, setTyped] = useState('');
  if (!current.data) return null;
  const save = async (minShelfLifeDays: number | null) => {
    try {
      await update.mutateAsync({ id: pharmacyId, data: { minShelfLifeDays } });
      notify.success('Minimum shelf life saved');
      setTyped('');
      await utils.lots.invalidate();
    } catch (e) {
      notify.error('Error', errorMessage(e));
    }
  };
  const own = current.data.minShelfLifeDays;
  return (
    <Box data-testid="pharmacy-shelf-life" mt="4">
      <Text textStyle="sm">
        Minimum shelf life: <b>{current.data.effectiveDays} days</b>
        {own === null ? " (the business's)" : ' (its own)'}
      </Text>
      {can('lots.write') ? (
        <HStack mt="2" gap="2">
          <Input
            size="sm"
            type="number"
            min={0}
            w="28"
            aria-label="Own minimum shelf life in days"
            placeholder="days"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <Button
            size="sm"
            variant="outline"
            disabled={daysOf(typed) === null}
            loading={update.isPending}
            onClick={() => void save(daysOf(typed))}
          >
            Set its own
          </Button>
          {own !== null ? (
            <Button size="sm" variant="ghost" onClick={() => void save(null)}>
              Use the business&apos;s
            </Button>
          ) : null}
        </HStack>
      ) : null}
    </Box>
  );
}
