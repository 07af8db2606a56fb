import { useState, type FormEvent } from 'react';
import { Box, Button, Field, Flex, Input, Stack, Table, Text } from '@chakra-ui/react';
import { LuKeyRound, LuX } from 'react-icons/lu';
import { ROLE_LABELS, type Role } from '@pharm/validators/roles';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { Panel } from '../../components/Panel';
import { errorMessage, serverFieldErrors } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { formatWhen } from '../activity/format';
import { useCan, useRole } from '../auth/can';
import { CopyField } from '../users/CopyField';
import { RoleSelect } from '../users/RoleSelect';

type Token = RouterOutputs['tokens']['list'][number];
type Created = RouterOutputs['tokens']['create'];

/** The end of the day picked in the date input, as the server's timestamp; none: never expires. */
function expiryFromDate(date: string): string | undefined {
  return date ? new Date(`${date}T23:59:59`).toISOString() : undefined;
}

/** Name a token, pick its role (never above one's own) and expiry; its secret is shown once. */
function CreateTokenPanel({ role: own }: { role: Role }) {
  const utils = trpc.useUtils();
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>(own);
  const [expires, setExpires] = useState('');
  const [created, setCreated] = useState<Created | null>(null);
  const create = trpc.tokens.create.useMutation({
    onSuccess: async (token) => {
      notify.success('API token created successfully');
      setCreated(token);
      setName('');
      setExpires('');
      await utils.tokens.invalidate();
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (!fields.name && !fields.expiresAt)
        notify.error('Error', `Failed to create API token: ${errorMessage(error)}`);
    },
  });
  const fields = create.error ? serverFieldErrors(create.error) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    create.mutate({ name, role, expiresAt: expiryFromDate(expires) });
  };
  return (
    <Panel title="New API token" titleId="new-token-title">
      <Stack p="5" gap="5">
        <Text textStyle="sm" color="fg.muted">
          An integration sends it as <code>Authorization: Bearer …</code> on <code>/api</code> paths
          and acts with its role, never more than yours.
        </Text>
        <form onSubmit={submit} noValidate data-testid="token-form">
          <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-start' }}>
            <Field.Root invalid={!!fields.name} required flex="2">
              <Field.Label>
                Name <Field.RequiredIndicator />
              </Field.Label>
              <Input
                name="name"
                autoComplete="off"
                placeholder="e.g. Web shop"
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
              />
              <Field.ErrorText>{fields.name}</Field.ErrorText>
            </Field.Root>
            <Field.Root flex="1">
              <Field.Label>Role</Field.Label>
              <RoleSelect
                name="role"
                highest={own}
                value={role}
                onChange={(event) => setRole(event.currentTarget.value as Role)}
              />
            </Field.Root>
            <Field.Root invalid={!!fields.expiresAt} flex="1">
              <Field.Label>Expires</Field.Label>
              <Input
                type="date"
                name="expiresAt"
                value={expires}
                onChange={(event) => setExpires(event.currentTarget.value)}
              />
              {fields.expiresAt ? (
                <Field.ErrorText>{fields.expiresAt}</Field.ErrorText>
              ) : (
                <Field.HelperText>Empty: never.</Field.HelperText>
              )}
            </Field.Root>
            <Button type="submit" mt={{ md: '6' }} loading={create.isPending} flexShrink={0}>
              <LuKeyRound /> Create token
            </Button>
          </Flex>
        </form>
        {created ? (
          <CopyField
            label={`Token “${created.name}” (${ROLE_LABELS[created.role]})`}
            value={created.token}
            hint="Copy it now: it is shown only once and cannot be read again."
            testId="token-secret"
          />
        ) : null}
      </Stack>
    </Panel>
  );
}

/** The user's tokens (an admin's: everyone's), to revoke. */
function TokensPanel({ all }: { all: boolean }) {
  const utils = trpc.useUtils();
  const tokens = trpc.tokens.list.useQuery();
  const [revoking, setRevoking] = useState<Token | null>(null);
  const revoke = trpc.tokens.revoke.useMutation({
    onSuccess: async () => {
      notify.success('API token revoked successfully');
      setRevoking(null);
      await utils.tokens.invalidate();
    },
    onError: (error) => {
      setRevoking(null);
      notify.error('Error', `Failed to revoke API token: ${errorMessage(error)}`);
    },
  });
  return (
    <Panel title={all ? 'All API tokens' : 'Your API tokens'} titleId="tokens-title" mt="6">
      {tokens.isError ? (
        <Text p="5" color="red.600">
          Failed to load API tokens: {errorMessage(tokens.error)}
        </Text>
      ) : !tokens.data ? null : tokens.data.length === 0 ? (
        <Text p="5" color="fg.muted">
          No API tokens yet.
        </Text>
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm" variant="line" aria-labelledby="tokens-title" data-testid="tokens">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader ps="5">Name</Table.ColumnHeader>
                {all ? <Table.ColumnHeader hideBelow="md">Owner</Table.ColumnHeader> : null}
                <Table.ColumnHeader hideBelow="md">Role</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">Expires</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">Last used</Table.ColumnHeader>
                <Table.ColumnHeader pe="5" textAlign="end">
                  <Box as="span" srOnly>
                    Actions
                  </Box>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {tokens.data.map((token) => (
                <Table.Row key={token.id} data-testid="token-row">
                  <Table.Cell ps="5" overflowWrap="anywhere">
                    <Text fontWeight="medium">{token.name}</Text>
                    {/* On a phone the other columns fold in here. */}
                    <Text hideFrom="md" textStyle="xs" color="fg.muted">
                      {all ? `${token.user.email}, ` : ''}
                      {ROLE_LABELS[token.role]}, expires{' '}
                      {token.expiresAt ? formatWhen(token.expiresAt) : 'never'}, last used{' '}
                      {token.lastUsedAt ? formatWhen(token.lastUsedAt) : 'never'}
                    </Text>
                  </Table.Cell>
                  {all ? (
                    <Table.Cell hideBelow="md" color="fg.muted">
                      {token.user.email}
                    </Table.Cell>
                  ) : null}
                  <Table.Cell hideBelow="md">{ROLE_LABELS[token.role]}</Table.Cell>
                  <Table.Cell hideBelow="md" whiteSpace="nowrap" color="fg.muted">
                    {token.expiresAt ? formatWhen(token.expiresAt) : 'Never'}
                  </Table.Cell>
                  <Table.Cell hideBelow="md" whiteSpace="nowrap" color="fg.muted">
                    {token.lastUsedAt ? formatWhen(token.lastUsedAt) : 'Never'}
                  </Table.Cell>
                  <Table.Cell pe="5" textAlign="end">
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="gray"
                      aria-label={`Revoke the token ${token.name}`}
                      onClick={() => setRevoking(token)}
                    >
                      <LuX /> Revoke
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="Revoke API token?"
        message={`Whatever uses “${revoking?.name ?? ''}” is refused from now on.`}
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        onConfirm={() => {
          if (revoking) revoke.mutate({ id: revoking.id });
        }}
      />
    </Panel>
  );
}

/** /settings/tokens, for every role: API tokens for integrations. */
export function TokensPage() {
  const role = useRole();
  const can = useCan();
  return (
    <>
      <PageHeader
        title="API tokens"
        description="Tokens for integrations (a web shop, an accounting export) to call the API."
      />
      {role ? <CreateTokenPanel role={role} /> : null}
      <TokensPanel all={can('tokens.manageAll')} />
    </>
  );
}
