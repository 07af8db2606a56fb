import { Button } from '@chakra-ui/react';
import { LuCloudDownload } from 'react-icons/lu';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { countsSummary } from './importSummary';

const FAILED = 'Failed to import products. Please try again.';

/** 'Import from {provider}': pulls the configured provider's catalogue feed (docs/rules.md §4). */
export function ImportButton() {
  const utils = trpc.useUtils();
  const provider = trpc.products.importProvider.useQuery();
  const name = provider.data?.name;

  const run = trpc.products.importCatalog.useMutation({
    onSuccess: async (result) => {
      if (result.errors.length) {
        notify.error('Import failed', FAILED);
        return;
      }
      notify.success(countsSummary(result), `${name} products imported successfully!`);
      await utils.products.invalidate();
    },
    onError: () => notify.error('Import failed', FAILED),
  });

  return (
    <Button
      variant="outline"
      colorPalette="gray"
      bg="bg.panel"
      disabled={!name}
      loading={run.isPending}
      loadingText="Importing..."
      onClick={() => run.mutate(undefined)}
    >
      <LuCloudDownload /> {name ? `Import from ${name}` : 'Import'}
    </Button>
  );
}
