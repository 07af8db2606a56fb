import type { ReactNode } from 'react';
import {
  Badge,
  Box,
  Button,
  DataList,
  Heading,
  HStack,
  List,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuInfo, LuPencil } from 'react-icons/lu';
import { DetailsContent, DetailsDialog, useLastShown } from '../../components/DetailsDialog';
import { MoneyText } from '../../components/MoneyText';
import { EMPTY } from '../../lib/text';
import { categoryContent, PRICING_NOTE } from './content';
import { ActiveBadge } from './ActiveBadge';
import type { Product } from './types';
import { useRecordTabs } from '../activity/RecordTabs';
import { OpenPageButton } from '../records/RecordLink';
import { Can } from '../auth/can';
import type { DetailsProps } from '../lists/ListScreen';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section">
      <Heading as="h3" size="sm" fontWeight="semibold" color="ink.900" mb="2">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function BulletSection({ title, lines }: { title: string; lines: readonly string[] }) {
  return (
    <Section title={title}>
      <List.Root ps="5" textStyle="sm" gap="1">
        {lines.map((line) => (
          <List.Item key={line} textStyle="sm">
            {line}
          </List.Item>
        ))}
      </List.Root>
    </Section>
  );
}

/** One product: what it is (by category), its specifications, uses, variants and QA. */
export function ProductDetailsDialog({
  record: product,
  onClose,
}: DetailsProps<Product, undefined>) {
  const shown = useLastShown(product);
  const tabs = useRecordTabs('product', shown?.id);
  const content = shown ? categoryContent(shown.category) : undefined;

  return (
    <DetailsDialog open={product !== null} onClose={onClose} size="xl" testId="product-details">
      {shown ? (
        <DetailsContent
          title={shown.name}
          subtitle={
            <HStack gap="2">
              <Text fontFamily="mono">{shown.sku}</Text>
              <Text>·</Text>
              <Badge variant="outline" colorPalette="gray">
                {shown.category}
              </Badge>
              <ActiveBadge active={shown.active} />
            </HStack>
          }
          tabs={tabs}
          onClose={onClose}
          actions={
            <>
              <OpenPageButton kind="product" id={shown.id} />
              <Can permission="products.write">
                <Button asChild>
                  <Link to="/products/$id/edit" params={{ id: shown.id }}>
                    <LuPencil /> Edit Product
                  </Link>
                </Button>
              </Can>
            </>
          }
        >
          <Stack gap="6">
            {content ? (
              <Text textStyle="sm" color="fg">
                {content.description}
              </Text>
            ) : null}

            <Section title="Specifications">
              <DataList.Root orientation="horizontal" gap="2.5" size="md">
                <DataList.Item>
                  <DataList.ItemLabel minW="32">Default price</DataList.ItemLabel>
                  <DataList.ItemValue>
                    <MoneyText value={shown.defaultPrice} />
                  </DataList.ItemValue>
                </DataList.Item>
                {content?.specifications.map(([label, value]) => (
                  <DataList.Item key={label}>
                    <DataList.ItemLabel minW="32">{label}</DataList.ItemLabel>
                    <DataList.ItemValue>{value}</DataList.ItemValue>
                  </DataList.Item>
                ))}
              </DataList.Root>
            </Section>

            {content ? <BulletSection title="Applications" lines={content.applications} /> : null}

            <Section title={`Variants (${shown.variantCount})`}>
              {shown.variants.length === 0 ? (
                <Text textStyle="sm" color="fg.muted">
                  No variants
                </Text>
              ) : (
                <Box borderWidth="1px" borderColor="border.muted" rounded="lg" overflowX="auto">
                  <Table.Root size="sm" fontSize="13px" data-testid="product-details-variants">
                    <Table.Header>
                      <Table.Row bg="bg.subtle">
                        <Table.ColumnHeader>Variant SKU</Table.ColumnHeader>
                        <Table.ColumnHeader>Size</Table.ColumnHeader>
                        <Table.ColumnHeader>Color</Table.ColumnHeader>
                        <Table.ColumnHeader>Material</Table.ColumnHeader>
                        <Table.ColumnHeader>Sterile</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">Pack</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
                        <Table.ColumnHeader>Notes</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {shown.variants.map((variant) => (
                        <Table.Row key={variant.id}>
                          <Table.Cell fontFamily="mono" whiteSpace="nowrap">
                            {variant.variantSku}
                          </Table.Cell>
                          <Table.Cell whiteSpace="nowrap">{variant.size || EMPTY}</Table.Cell>
                          <Table.Cell>{variant.color || EMPTY}</Table.Cell>
                          <Table.Cell minW="36" whiteSpace="normal">
                            {variant.material || EMPTY}
                          </Table.Cell>
                          <Table.Cell>{variant.sterile ? 'Yes' : 'No'}</Table.Cell>
                          <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                            {variant.packageQty.toLocaleString('en-US')}
                          </Table.Cell>
                          <Table.Cell textAlign="end">
                            <MoneyText value={variant.defaultPrice} />
                          </Table.Cell>
                          <Table.Cell minW="48" whiteSpace="normal" color="fg.muted">
                            {variant.notes || EMPTY}
                          </Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Box>
              )}
            </Section>

            {content ? (
              <BulletSection title="Quality assurance" lines={content.qualityAssurance} />
            ) : null}

            <HStack
              align="flex-start"
              gap="3"
              bg="brand.subtle"
              color="brand.fg"
              rounded="lg"
              px="4"
              py="3"
              textStyle="sm"
            >
              <Box pt="0.5" flexShrink={0}>
                <LuInfo />
              </Box>
              <Text>{PRICING_NOTE}</Text>
            </HStack>
          </Stack>
        </DetailsContent>
      ) : null}
    </DetailsDialog>
  );
}
