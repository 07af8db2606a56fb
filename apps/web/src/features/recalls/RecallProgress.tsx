import { Box, Progress, Text } from '@chakra-ui/react';

/** "n of m acknowledged" with a bar; all acknowledged shows green. */
export function RecallProgress({
  progress,
}: {
  progress: { total: number; notified: number; acknowledged: number };
}) {
  const { total, acknowledged, notified } = progress;
  const done = total > 0 && acknowledged === total;
  return (
    <Box data-testid="recall-progress">
      <Text textStyle="sm" whiteSpace="nowrap">
        {acknowledged} of {total} acknowledged
      </Text>
      <Progress.Root
        size="xs"
        mt="1"
        max={Math.max(total, 1)}
        value={acknowledged}
        colorPalette={done ? 'green' : 'orange'}
        aria-label={`${acknowledged} of ${total} pharmacies acknowledged, ${notified} notified`}
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Box>
  );
}
