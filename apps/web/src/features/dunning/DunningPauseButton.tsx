import { Badge, Button } from '@chakra-ui/react';
import { LuBellOff, LuBellRing } from 'react-icons/lu';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useCan } from '../auth/can';

/**
 * The pharmacy page's dunning switch: paused, the daily run proposes no reminders to it. Who may
 * not change it sees only the badge.
 */
export function DunningPauseButton({ pharmacyId }: { pharmacyId: number }) {
  const writes = useCan()('dunning.write');
  const utils = trpc.useUtils();
  const state = trpc.dunning.pharmacy.useQuery({ id: pharmacyId });
  const pause = trpc.dunning.pause.useMutation({
    onSuccess: async (result) => {
      notify.success(result.dunningPaused ? 'Dunning paused' : 'Dunning resumed');
      await utils.dunning.invalidate();
    },
    onError: (error) => notify.error('Could not change dunning', errorMessage(error)),
  });
  const paused = state.data?.dunningPaused;
  if (paused === undefined) return null;
  if (!writes) return paused ? <Badge colorPalette="yellow">Dunning paused</Badge> : null;
  return (
    <Button
      variant="outline"
      colorPalette="gray"
      loading={pause.isPending}
      onClick={() => pause.mutate({ id: pharmacyId, data: { paused: !paused } })}
    >
      {paused ? (
        <>
          <LuBellRing /> Resume dunning
        </>
      ) : (
        <>
          <LuBellOff /> Pause dunning
        </>
      )}
    </Button>
  );
}
