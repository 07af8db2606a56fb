import { Box, Field, Flex, IconButton, Input, NativeSelect, Table, Text } from '@chakra-ui/react';
import { useWatch, type UseFieldArrayReturn, type UseFormReturn } from 'react-hook-form';
import { LuTrash2 } from 'react-icons/lu';
import {
  formatUsd,
  formLineTotal,
  ORDER_FORM_CATEGORIES,
  toCents,
  type OrderData,
} from '@pharm/validators';
import { Tooltip } from '../../components/ui/tooltip';
import { LotPicker } from '../lots/LotPicker';
import {
  withCategory,
  withProduct,
  withVariant,
  type FormLine,
  type OrderFormValues,
  type ProductOption,
} from './lineItems';

type Form = UseFormReturn<OrderFormValues, unknown, OrderData>;

/** A field's name above it where the table's header is hidden: on a phone, a line is a card. */
function PhoneLabel({ children }: { children: string }) {
  return (
    <Text hideFrom="md" textStyle="xs" color="fg.muted" mb="1" aria-hidden="true">
      {children}
    </Text>
  );
}

function shownTotal(lineTotal: unknown): string {
  try {
    return formatUsd(toCents(String(lineTotal ?? '0')));
  } catch {
    return formatUsd(0);
  }
}

function LineRow({
  form,
  index,
  products,
  canRemove,
  onRemove,
}: {
  form: Form;
  index: number;
  products: ProductOption[];
  canRemove: boolean;
  onRemove: () => void;
}) {
  const { control, register, setValue, getValues, formState } = form;
  const line = useWatch({ control, name: `lineItems.${index}` });
  const errors = formState.errors.lineItems?.[index];
  const inCategory = products.filter((product) => product.category === line.category);
  const product = products.find((p) => p.sku === line.productSku);
  const name = (field: keyof FormLine) => `lineItems.${index}.${field}` as const;
  const pharmacyId = useWatch({ control, name: 'pharmacyId' });

  /** Writes the fields a choice changed, one by one, so the row keeps its focus. */
  const apply = (next: FormLine) => {
    const current = getValues(`lineItems.${index}`);
    for (const key of Object.keys(next) as (keyof FormLine)[]) {
      if (next[key] !== current[key])
        setValue(name(key), next[key] as never, { shouldDirty: true });
    }
  };
  const recompute = () => {
    const { qty, unitPrice } = getValues(`lineItems.${index}`);
    setValue(name('lineTotal'), formLineTotal(qty, unitPrice), { shouldDirty: true });
  };

  return (
    <Table.Row data-testid={`line-${index}`} verticalAlign="top">
      <Table.Cell ps="0">
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            name={name('category')}
            aria-label={`Line ${index + 1} category`}
            value={line.category}
            onChange={(event) =>
              apply(withCategory(getValues(`lineItems.${index}`), event.target.value))
            }
          >
            <option value="">Category</option>
            {ORDER_FORM_CATEGORIES.map((category) => (
              <option key={category.value} value={category.value}>
                {category.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Table.Cell>
      <Table.Cell>
        <NativeSelect.Root size="sm" disabled={!line.category && !line.productSku}>
          <NativeSelect.Field
            name={name('productSku')}
            aria-label={`Line ${index + 1} product`}
            value={line.productSku ?? ''}
            onChange={(event) =>
              apply(
                withProduct(
                  getValues(`lineItems.${index}`),
                  products.find((p) => p.sku === event.target.value),
                ),
              )
            }
          >
            <option value="">{line.category ? 'Select product' : 'Product'}</option>
            {line.productSku && !inCategory.some((p) => p.sku === line.productSku) ? (
              // A product no longer offered (inactive, or outside the form's categories) stays shown.
              <option value={line.productSku}>{product?.name ?? line.productSku}</option>
            ) : null}
            {inCategory.map((option) => (
              <option key={option.sku} value={option.sku}>
                {option.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Table.Cell>
      <Table.Cell>
        <NativeSelect.Root size="sm" disabled={!line.productSku}>
          <NativeSelect.Field
            name={name('variantSku')}
            aria-label={`Line ${index + 1} variant`}
            value={line.variantSku ?? ''}
            onChange={(event) =>
              apply(
                withVariant(
                  getValues(`lineItems.${index}`),
                  product?.variants.find((v) => v.variantSku === event.target.value),
                ),
              )
            }
          >
            <option value="">{line.productSku ? 'Select variant' : 'Variant'}</option>
            {line.variantSku && !product?.variants.some((v) => v.variantSku === line.variantSku) ? (
              <option value={line.variantSku}>{line.variantSku}</option>
            ) : null}
            {product?.variants.map((variant) => (
              <option key={variant.variantSku} value={variant.variantSku}>
                {[variant.size, variant.color].filter(Boolean).join(' · ') || variant.variantSku}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Table.Cell>
      <Table.Cell>
        <Field.Root invalid={!!errors?.description}>
          <Input
            size="sm"
            aria-label={`Line ${index + 1} description`}
            placeholder="Description"
            {...register(name('description'))}
          />
          <Field.ErrorText>{errors?.description?.message}</Field.ErrorText>
        </Field.Root>
        <LotPicker
          sku={line.variantSku ?? (product?.variants.length ? null : (line.productSku ?? null))}
          pharmacyId={pharmacyId}
          value={line.lotId ?? null}
          label={`Line ${index + 1} lot`}
          name={name('lotId')}
          onChange={(lotId) => setValue(name('lotId'), lotId, { shouldDirty: true })}
        />
        {errors?.lotId?.message ? (
          <Text color="fg.error" textStyle="xs">
            {errors.lotId.message}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell>
        <PhoneLabel>Qty</PhoneLabel>
        <Field.Root invalid={!!errors?.qty}>
          <Input
            size="sm"
            type="number"
            min={1}
            step={1}
            textAlign="end"
            aria-label={`Line ${index + 1} quantity`}
            {...register(name('qty'), { valueAsNumber: true, onChange: recompute })}
          />
          <Field.ErrorText>{errors?.qty?.message}</Field.ErrorText>
        </Field.Root>
      </Table.Cell>
      <Table.Cell>
        <PhoneLabel>Unit price</PhoneLabel>
        <Field.Root invalid={!!errors?.unitPrice}>
          <Input
            size="sm"
            type="number"
            min={0}
            step="0.01"
            textAlign="end"
            aria-label={`Line ${index + 1} unit price`}
            {...register(name('unitPrice'), { onChange: recompute })}
          />
          <Field.ErrorText>{errors?.unitPrice?.message}</Field.ErrorText>
        </Field.Root>
      </Table.Cell>
      <Table.Cell textAlign={{ base: 'start', md: 'end' }} fontWeight="medium" whiteSpace="nowrap">
        <PhoneLabel>Total</PhoneLabel>
        <Flex
          data-testid={`line-${index}-total`}
          h="9"
          align="center"
          justify={{ base: 'flex-start', md: 'flex-end' }}
          fontVariantNumeric="tabular-nums"
        >
          {shownTotal(line.lineTotal)}
        </Flex>
        {errors?.lineTotal?.message ? (
          <Text color="fg.error" textStyle="xs">
            {errors.lineTotal.message}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell pe="0" textAlign="end">
        <Tooltip content={canRemove ? 'Remove line' : 'An order needs at least one line'}>
          <IconButton
            aria-label="Remove line"
            size="sm"
            variant="ghost"
            color="fg.muted"
            _hover={{ color: 'red.600', bg: 'red.subtle' }}
            disabled={!canRemove}
            onClick={onRemove}
          >
            <LuTrash2 />
          </IconButton>
        </Tooltip>
      </Table.Cell>
    </Table.Row>
  );
}

/**
 * The editable line items: category → product → variant, description, qty, unit price, total.
 * A table from the `md` breakpoint up (scrolling sideways when narrower than its columns); on a
 * phone each line is a card of its fields, one above the other.
 */
export function LineItemsTable({
  form,
  lineArray,
  products,
}: {
  form: Form;
  lineArray: UseFieldArrayReturn<OrderFormValues, 'lineItems'>;
  products: ProductOption[];
}) {
  const { fields, remove } = lineArray;
  return (
    // Positioned: it clips the header's screen-reader text as well, which would widen the page.
    <Box overflowX={{ md: 'auto' }} mx="-1" px="1" position="relative">
      <Table.Root
        size="sm"
        fontSize="13px"
        minW={{ md: '860px' }}
        tableLayout="fixed"
        data-testid="line-items"
        css={{
          '& td, & th': { paddingInline: '0.3rem' },
          mdDown: {
            display: 'block',
            '& tbody': { display: 'flex', flexDirection: 'column', gap: '3' },
            '& tr': {
              display: 'grid',
              gridTemplateColumns: '1fr 1fr',
              gap: '2',
              padding: '3',
              borderWidth: '1px',
              borderColor: 'border.muted',
              rounded: 'lg',
            },
            '& td': { display: 'block', padding: '0', borderBottomWidth: '0' },
            // Category, product, variant and description take the card's width.
            '& td:nth-of-type(-n+4)': { gridColumn: 'span 2' },
            '& td:last-of-type': { alignSelf: 'end', justifySelf: 'end' },
          },
        }}
      >
        <Table.Header hideBelow="md">
          <Table.Row>
            <Table.ColumnHeader ps="0" w="108px">
              Category
            </Table.ColumnHeader>
            <Table.ColumnHeader w="24%">Product</Table.ColumnHeader>
            <Table.ColumnHeader w="15%">Variant</Table.ColumnHeader>
            <Table.ColumnHeader>Description</Table.ColumnHeader>
            <Table.ColumnHeader w="68px" textAlign="end">
              Qty
            </Table.ColumnHeader>
            <Table.ColumnHeader w="96px" textAlign="end">
              Unit Price
            </Table.ColumnHeader>
            <Table.ColumnHeader w="88px" textAlign="end">
              Total
            </Table.ColumnHeader>
            <Table.ColumnHeader w="40px" pe="0">
              <Box as="span" srOnly>
                Remove
              </Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {fields.map((field, index) => (
            <LineRow
              key={field.id}
              form={form}
              index={index}
              products={products}
              canRemove={fields.length > 1}
              onRemove={() => remove(index)}
            />
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
