import { LuToggleLeft, LuToggleRight } from 'react-icons/lu';
import { ActionButton } from '../../components/ActionButton';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

/**
 * A product row's Activate/Deactivate action. Each row holds its own mutation, so that only the
 * row being changed is disabled and the other (memoised) rows do not render again.
 */
export function ActiveToggle({ product }: { product: { id: number; active: boolean } }) {
  const utils = trpc.useUtils();
  const toggle = trpc.products.update.useMutation({
    onSuccess: async () => {
      notify.success('Product updated successfully');
      await utils.products.invalidate();
    },
    onError: (error) => notify.error('Error', `Failed to update product: ${errorMessage(error)}`),
  });
  return (
    <ActionButton
      label={product.active ? 'Deactivate' : 'Activate'}
      color={product.active ? 'green.600' : 'fg.subtle'}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate({ id: product.id, data: { active: !product.active } })}
    >
      {product.active ? <LuToggleRight /> : <LuToggleLeft />}
    </ActionButton>
  );
}
