import type { ReactNode } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Field,
  Flex,
  GridItem,
  Heading,
  HStack,
  IconButton,
  Input,
  InputGroup,
  NativeSelect,
  Table,
  Text,
} from '@chakra-ui/react';
import { Controller, useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { LuPlus, LuTrash2, LuWandSparkles } from 'react-icons/lu';
import {
  autoVariantSku,
  CONTROLLED_SCHEDULES,
  PRODUCT_CATEGORIES,
  type ProductCategory,
  type ProductWithVariantsData,
  type ProductWithVariantsInput,
  VARIANT_FIELDS,
} from '@pharm/validators';
import { lazyZodResolver } from '../../lib/forms';
import { loadSchemas } from '../../lib/schemas';
import { FormCard } from '../../components/FormCard';
import { FormSection } from '../../components/FormSection';
import { Tooltip } from '../../components/ui/tooltip';
import { trpc } from '../../lib/trpc';
import { useRecordSubmit } from '../lists/useRecordSubmit';
import { productsList } from './list';
import type { Product } from './types';

type FormValues = ProductWithVariantsInput;
type VariantValues = NonNullable<FormValues['variants']>[number];

const PRODUCT_FIELDS: readonly FieldPath<FormValues>[] = [
  'sku',
  'name',
  'category',
  'defaultPrice',
  'active',
  'controlledSchedule',
  'bulkSubstance',
];

function toFormValues(product?: Product): FormValues {
  return {
    sku: product?.sku ?? '',
    name: product?.name ?? '',
    // The select starts on 'Select a category'; the schema refuses it with 'Category is required'.
    category: (product?.category ?? '') as ProductCategory,
    defaultPrice: product?.defaultPrice ?? '',
    active: product?.active ?? true,
    controlledSchedule: product?.controlledSchedule ?? '',
    bulkSubstance: product?.bulkSubstance ?? false,
    variants: (product?.variants ?? []).map((v) => ({
      id: v.id,
      variantSku: v.variantSku,
      size: v.size ?? '',
      color: v.color ?? '',
      material: v.material ?? '',
      sterile: v.sterile,
      packageQty: v.packageQty,
      defaultPrice: v.defaultPrice,
      notes: v.notes ?? '',
      // Not in the table: a variant keeps its own schedule and bulk flag (the CSV sets them).
      controlledSchedule: v.controlledSchedule,
      bulkSubstance: v.bulkSubstance,
    })),
  };
}

function blankVariant(defaultPrice: string): VariantValues {
  return {
    variantSku: '',
    size: '',
    color: '',
    material: '',
    sterile: false,
    packageQty: 1,
    defaultPrice: defaultPrice || '0.00',
    notes: '',
    controlledSchedule: null,
    bulkSubstance: false,
  };
}

/** A compact cell input with its error message under it. */
function CellField({ error, children }: { error?: string; children: ReactNode }) {
  return (
    <Field.Root invalid={!!error} gap="1">
      {children}
      <Field.ErrorText fontSize="xs" lineHeight="short">
        {error}
      </Field.ErrorText>
    </Field.Root>
  );
}

/**
 * Create (no `product`) or edit a product with its variants table. Everything is saved by one
 * `products.save` call, so the product and its variants change together or not at all.
 */
export function ProductForm({ product }: { product?: Product }) {
  const isEdit = product !== undefined;
  const form = useForm<FormValues, unknown, ProductWithVariantsData>({
    resolver: lazyZodResolver(() => loadSchemas().then((m) => m.productWithVariantsSchema)),
    defaultValues: toFormValues(product),
  });
  const { register, control, setValue, getValues } = form;
  const { errors, isSubmitting } = form.formState;
  const variants = useFieldArray({ control, name: 'variants', keyName: 'key' });

  const save = trpc.products.save.useMutation();
  const onSubmit = useRecordSubmit(form, productsList, {
    isEdit,
    // A taken SKU (409) goes under the SKU, on its variant's row.
    fields: () => [
      ...PRODUCT_FIELDS,
      ...getValues('variants')!.flatMap((_, index) =>
        VARIANT_FIELDS.map((f) => `variants.${index}.${f}` as const),
      ),
    ],
    save: (data) => save.mutateAsync(product ? { ...data, id: product.id } : data),
  });

  const autoSku = (index: number) => {
    const row = getValues(`variants.${index}`);
    setValue(
      `variants.${index}.variantSku`,
      autoVariantSku(getValues('sku'), row?.size, row?.color),
      {
        shouldDirty: true,
        shouldValidate: true,
      },
    );
  };

  const variantErrors = errors.variants;

  return (
    <FormCard list={productsList} isEdit={isEdit} onSubmit={onSubmit} pending={isSubmitting}>
      <FormSection
        title="Product details"
        description="The catalogue entry: its SKU, name, category and list price."
      >
        <Field.Root invalid={!!errors.sku} required>
          <Field.Label>
            SKU <Field.RequiredIndicator />
          </Field.Label>
          <Input
            fontFamily="mono"
            placeholder="e.g. VL-TI"
            autoComplete="off"
            autoFocus={!isEdit}
            {...register('sku')}
          />
          <Field.ErrorText>{errors.sku?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.category} required>
          <Field.Label>
            Category <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('category')}>
              <option value="">Select a category</option>
              {PRODUCT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.category?.message}</Field.ErrorText>
        </Field.Root>
        <GridItem colSpan={{ md: 2 }}>
          <Field.Root invalid={!!errors.name} required>
            <Field.Label>
              Product name <Field.RequiredIndicator />
            </Field.Label>
            <Input
              placeholder="e.g. Tubular Serum Vial, Type I Borosilicate"
              autoComplete="off"
              {...register('name')}
            />
            <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
          </Field.Root>
        </GridItem>
        <Field.Root invalid={!!errors.defaultPrice} required>
          <Field.Label>
            Default price <Field.RequiredIndicator />
          </Field.Label>
          <InputGroup startElement="$">
            <Input
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              placeholder="0.00"
              {...register('defaultPrice')}
            />
          </InputGroup>
          <Field.ErrorText>{errors.defaultPrice?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.active} justifyContent="flex-end">
          <Controller
            control={control}
            name="active"
            render={({ field }) => (
              <Checkbox.Root
                checked={!!field.value}
                onCheckedChange={(details) => field.onChange(details.checked === true)}
                name={field.name}
                mb="2"
              >
                <Checkbox.HiddenInput onBlur={field.onBlur} />
                <Checkbox.Control />
                <Checkbox.Label>Active — offered on new orders</Checkbox.Label>
              </Checkbox.Root>
            )}
          />
          <Field.ErrorText>{errors.active?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.controlledSchedule}>
          <Field.Label>Controlled schedule</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('controlledSchedule')}>
              <option value="">Not controlled</option>
              {CONTROLLED_SCHEDULES.map((schedule) => (
                <option key={schedule} value={schedule}>
                  Schedule {schedule}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>Orders of it need a DEA registration covering it.</Field.HelperText>
          <Field.ErrorText>{errors.controlledSchedule?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.bulkSubstance} justifyContent="flex-end">
          <Controller
            control={control}
            name="bulkSubstance"
            render={({ field }) => (
              <Checkbox.Root
                checked={!!field.value}
                onCheckedChange={(details) => field.onChange(details.checked === true)}
                name={field.name}
                mb="2"
              >
                <Checkbox.HiddenInput onBlur={field.onBlur} />
                <Checkbox.Control />
                <Checkbox.Label>Bulk substance — only to licensed compounders</Checkbox.Label>
              </Checkbox.Root>
            )}
          />
          <Field.ErrorText>{errors.bulkSubstance?.message}</Field.ErrorText>
        </Field.Root>
      </FormSection>

      <Box py="6">
        <Flex justify="space-between" align="flex-end" gap="4" mb="4" wrap="wrap">
          <Box>
            <Heading as="h2" size="sm" fontWeight="semibold" color="ink.900">
              Variants
            </Heading>
            <Text textStyle="sm" color="fg.muted" mt="1">
              Sizes, colours and packs sold under this product. Auto builds the variant SKU from the
              product SKU, the size and the colour.
            </Text>
          </Box>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => variants.append(blankVariant(String(getValues('defaultPrice') ?? '')))}
          >
            <LuPlus /> Add Variant
          </Button>
        </Flex>

        {variantErrors?.root?.message || variantErrors?.message ? (
          <Text color="fg.error" textStyle="sm" mb="3">
            {variantErrors.root?.message ?? variantErrors.message}
          </Text>
        ) : null}

        {/* Positioned: it clips the header's screen-reader text as well, which would widen the page. */}
        <Box
          borderWidth="1px"
          borderColor="border.muted"
          rounded="lg"
          overflowX="auto"
          position="relative"
        >
          <Table.Root
            size="sm"
            fontSize="13px"
            data-testid="variants-table"
            css={{
              '& td, & th': { paddingInline: '0.375rem', verticalAlign: 'top' },
              '& td:first-of-type, & th:first-of-type': { paddingInlineStart: '0.75rem' },
              '& td:last-of-type, & th:last-of-type': { paddingInlineEnd: '0.5rem' },
              '& input': { fontSize: '13px' },
              // Fixed columns: inputs would otherwise size the table by their default widths.
              tableLayout: 'fixed',
              minWidth: '900px',
            }}
          >
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader w="230px">Variant SKU</Table.ColumnHeader>
                <Table.ColumnHeader w="76px">Size</Table.ColumnHeader>
                <Table.ColumnHeader w="84px">Color</Table.ColumnHeader>
                <Table.ColumnHeader>Material</Table.ColumnHeader>
                <Table.ColumnHeader w="60px" textAlign="center">
                  Sterile
                </Table.ColumnHeader>
                <Table.ColumnHeader w="84px">Pack qty</Table.ColumnHeader>
                <Table.ColumnHeader w="96px">Price</Table.ColumnHeader>
                <Table.ColumnHeader>Notes</Table.ColumnHeader>
                <Table.ColumnHeader w="48px">
                  <Box as="span" srOnly>
                    Remove
                  </Box>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {variants.fields.length === 0 ? (
                <Table.Row>
                  <Table.Cell colSpan={9} py="8" textAlign="center" color="fg.muted" textStyle="sm">
                    No variants — this product is sold as it is. Add one for each size, colour or
                    pack.
                  </Table.Cell>
                </Table.Row>
              ) : (
                variants.fields.map((field, index) => {
                  const rowErrors = variantErrors?.[index];
                  return (
                    <Table.Row key={field.key} data-testid={`variant-row-${index}`}>
                      <Table.Cell>
                        <CellField error={rowErrors?.variantSku?.message}>
                          <HStack gap="1" w="full">
                            <Input
                              size="sm"
                              fontFamily="mono"
                              placeholder="VL-TI-10R-CLE"
                              autoComplete="off"
                              aria-label={`Variant ${index + 1} SKU`}
                              {...register(`variants.${index}.variantSku`)}
                            />
                            <Tooltip content="Product SKU + size + first 3 letters of the colour">
                              <Button
                                type="button"
                                size="xs"
                                h="8"
                                variant="subtle"
                                px="2"
                                flexShrink={0}
                                data-testid={`auto-sku-${index}`}
                                onClick={() => autoSku(index)}
                              >
                                <LuWandSparkles /> Auto
                              </Button>
                            </Tooltip>
                          </HStack>
                        </CellField>
                      </Table.Cell>
                      <Table.Cell>
                        <CellField error={rowErrors?.size?.message}>
                          <Input
                            size="sm"
                            placeholder="10R"
                            aria-label={`Variant ${index + 1} size`}
                            {...register(`variants.${index}.size`)}
                          />
                        </CellField>
                      </Table.Cell>
                      <Table.Cell>
                        <CellField error={rowErrors?.color?.message}>
                          <Input
                            size="sm"
                            placeholder="Clear"
                            aria-label={`Variant ${index + 1} color`}
                            {...register(`variants.${index}.color`)}
                          />
                        </CellField>
                      </Table.Cell>
                      <Table.Cell>
                        <CellField error={rowErrors?.material?.message}>
                          <Input
                            size="sm"
                            placeholder="Borosilicate Type I glass"
                            aria-label={`Variant ${index + 1} material`}
                            {...register(`variants.${index}.material`)}
                          />
                        </CellField>
                      </Table.Cell>
                      <Table.Cell textAlign="center">
                        <Controller
                          control={control}
                          name={`variants.${index}.sterile`}
                          render={({ field: sterile }) => (
                            <Checkbox.Root
                              checked={!!sterile.value}
                              onCheckedChange={(details) =>
                                sterile.onChange(details.checked === true)
                              }
                              name={sterile.name}
                              mt="2"
                            >
                              <Checkbox.HiddenInput onBlur={sterile.onBlur} />
                              <Checkbox.Control />
                              {/* The column header says it; the input's own label says which. */}
                              <Checkbox.Label srOnly>Variant {index + 1} sterile</Checkbox.Label>
                            </Checkbox.Root>
                          )}
                        />
                      </Table.Cell>
                      <Table.Cell>
                        <CellField error={rowErrors?.packageQty?.message}>
                          <Input
                            size="sm"
                            type="number"
                            min="1"
                            step="1"
                            aria-label={`Variant ${index + 1} package quantity`}
                            {...register(`variants.${index}.packageQty`, { valueAsNumber: true })}
                          />
                        </CellField>
                      </Table.Cell>
                      <Table.Cell>
                        <CellField error={rowErrors?.defaultPrice?.message}>
                          <Input
                            size="sm"
                            type="number"
                            inputMode="decimal"
                            step="0.01"
                            min="0"
                            aria-label={`Variant ${index + 1} price`}
                            {...register(`variants.${index}.defaultPrice`)}
                          />
                        </CellField>
                      </Table.Cell>
                      <Table.Cell>
                        <CellField error={rowErrors?.notes?.message}>
                          <Input
                            size="sm"
                            aria-label={`Variant ${index + 1} notes`}
                            {...register(`variants.${index}.notes`)}
                          />
                        </CellField>
                      </Table.Cell>
                      <Table.Cell>
                        <Tooltip content="Remove variant">
                          <IconButton
                            type="button"
                            aria-label={`Remove variant ${index + 1}`}
                            variant="ghost"
                            size="sm"
                            color="fg.muted"
                            _hover={{ color: 'red.600', bg: 'red.subtle' }}
                            onClick={() => variants.remove(index)}
                          >
                            <LuTrash2 />
                          </IconButton>
                        </Tooltip>
                      </Table.Cell>
                    </Table.Row>
                  );
                })
              )}
            </Table.Body>
          </Table.Root>
        </Box>
      </Box>
    </FormCard>
  );
}
