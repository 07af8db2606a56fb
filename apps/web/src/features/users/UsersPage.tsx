import { useState, type FormEvent } from 'react';
import { Badge, Box, Button, Field, Flex, Input, Stack, Table, Text } from '@chakra-ui/react';
import { LuMailPlus, LuUserCheck, LuUserX, LuX } from 'react-icons/lu';
import { can, refusal, ROLE_LABELS, type Role } from '@pharm/validators/roles';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { Panel } from '../../components/Panel';
import { errorMessage, serverFieldErrors } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc, useCurrentUser, type RouterOutputs } from '../../lib/trpc';
import { formatWhen } from '../activity/format';
import { useRole } from '../auth/can';
import { fullName } from '../shell/user';
import { CopyField } from './CopyField';
import { RoleSelect } from './RoleSelect';

type StaffUser = RouterOutputs['users']['list'][number];
type Invitation = RouterOutputs['invitations']['list'][number];
type Created = RouterOutputs['invitations']['create'];

function LoadError({ what, error }: { what: string; error: unknown }) {
  return (
    <Text p="5" color="red.600">
      Failed to load {what}: {errorMessage(error)}
    </Text>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  return (
    <Badge colorPalette={active ? 'green' : 'gray'} variant="subtle">
      {active ? 'Active' : 'Deactivated'}
    </Badge>
  );
}

/** Every user with their role (to change), status and last sign-in; deactivate or reactivate. */
function UsersPanel() {
  const utils = trpc.useUtils();
  const me = useCurrentUser();
  const users = trpc.users.list.useQuery();
  const [deactivating, setDeactivating] = useState<StaffUser | null>(null);
  const update = trpc.users.update.useMutation({
    onSuccess: async (_, { id, data }) => {
      notify.success(
        data.active === undefined
          ? 'Role changed successfully'
          : data.active
            ? 'User reactivated successfully'
            : 'User deactivated successfully',
      );
      setDeactivating(null);
      // A change of one's own role changes what this app shows.
      await Promise.all([
        utils.users.invalidate(),
        id === me?.id ? utils.auth.me.invalidate() : undefined,
      ]);
    },
    // The last active admin cannot be demoted or deactivated: the server's 409 says so.
    onError: (error) => {
      setDeactivating(null);
      notify.error('Error', `Failed to update user: ${errorMessage(error)}`);
    },
  });
  const pendingId = update.isPending ? update.variables?.id : undefined;

  return (
    <Panel title="Users" titleId="users-title">
      {users.isError ? (
        <LoadError what="users" error={users.error} />
      ) : !users.data ? null : (
        <Box overflowX="auto">
          <Table.Root size="sm" variant="line" aria-labelledby="users-title" data-testid="users">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader ps="5">User</Table.ColumnHeader>
                <Table.ColumnHeader>Role</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">Status</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">Last sign-in</Table.ColumnHeader>
                <Table.ColumnHeader pe="5" textAlign="end">
                  <Box as="span" srOnly>
                    Actions
                  </Box>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {users.data.map((user) => {
                const name = fullName(user);
                return (
                  <Table.Row key={user.id} data-testid={`user-row-${user.email}`}>
                    <Table.Cell ps="5" minW={{ md: '48' }} overflowWrap="anywhere">
                      <Text fontWeight="medium">{name || user.email}</Text>
                      {name ? (
                        <Text textStyle="xs" color="fg.muted">
                          {user.email}
                        </Text>
                      ) : null}
                      {/* On a phone the status and last sign-in columns fold in here. */}
                      <Flex hideFrom="md" mt="1" gap="2" align="center" wrap="wrap">
                        <StatusBadge active={user.active} />
                        <Text as="span" textStyle="xs" color="fg.muted">
                          {user.lastSignInAt ? formatWhen(user.lastSignInAt) : 'Never signed in'}
                        </Text>
                      </Flex>
                    </Table.Cell>
                    <Table.Cell minW={{ base: '28', md: '36' }}>
                      <RoleSelect
                        size="sm"
                        name="role"
                        aria-label={`Role of ${name || user.email}`}
                        value={user.role}
                        disabled={pendingId === user.id}
                        onChange={(event) =>
                          update.mutate({
                            id: user.id,
                            data: { role: event.currentTarget.value as Role },
                          })
                        }
                      />
                    </Table.Cell>
                    <Table.Cell hideBelow="md">
                      <StatusBadge active={user.active} />
                    </Table.Cell>
                    <Table.Cell hideBelow="md" whiteSpace="nowrap" color="fg.muted">
                      {user.lastSignInAt ? formatWhen(user.lastSignInAt) : 'Never'}
                    </Table.Cell>
                    <Table.Cell pe={{ base: '3', md: '5' }} textAlign="end" whiteSpace="nowrap">
                      {user.active ? (
                        <Button
                          size="xs"
                          variant="outline"
                          colorPalette="red"
                          disabled={user.id === me?.id}
                          aria-label="Deactivate"
                          onClick={() => setDeactivating(user)}
                        >
                          <LuUserX />
                          <Text as="span" hideBelow="md">
                            Deactivate
                          </Text>
                        </Button>
                      ) : (
                        <Button
                          size="xs"
                          variant="outline"
                          colorPalette="gray"
                          loading={pendingId === user.id}
                          aria-label="Reactivate"
                          onClick={() => update.mutate({ id: user.id, data: { active: true } })}
                        >
                          <LuUserCheck />
                          <Text as="span" hideBelow="md">
                            Reactivate
                          </Text>
                        </Button>
                      )}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      <ConfirmDialog
        open={deactivating !== null}
        onOpenChange={(open) => {
          if (!open) setDeactivating(null);
        }}
        title="Deactivate user?"
        message={`${deactivating ? fullName(deactivating) || deactivating.email : ''} is signed out at once, their API tokens stop working and they cannot sign in until reactivated.`}
        confirmLabel="Deactivate"
        pendingLabel="Deactivating..."
        pending={update.isPending}
        onConfirm={() => {
          if (deactivating) update.mutate({ id: deactivating.id, data: { active: false } });
        }}
      />
    </Panel>
  );
}

/** Invite by email with a role; the link is shown once, to copy now. */
function InvitePanel() {
  const utils = trpc.useUtils();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('sales');
  const [created, setCreated] = useState<Created | null>(null);
  const invite = trpc.invitations.create.useMutation({
    onSuccess: async (invitation) => {
      notify.success('Invitation created successfully');
      setCreated(invitation);
      setEmail('');
      await utils.invitations.invalidate();
    },
    onError: (error) => {
      if (!serverFieldErrors(error).email)
        notify.error('Error', `Failed to invite: ${errorMessage(error)}`);
    },
  });
  const emailError = invite.error ? serverFieldErrors(invite.error).email : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    invite.mutate({ email, role });
  };

  return (
    <Panel title="Invite a user" titleId="invite-title" mt="6">
      <Stack p="5" gap="5">
        <form onSubmit={submit} noValidate data-testid="invite-form">
          <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-start' }}>
            <Field.Root invalid={!!emailError} required flex="2">
              <Field.Label>
                Email <Field.RequiredIndicator />
              </Field.Label>
              <Input
                type="email"
                name="email"
                autoComplete="off"
                placeholder="colleague@company.com"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
              />
              <Field.ErrorText>{emailError}</Field.ErrorText>
            </Field.Root>
            <Field.Root flex="1">
              <Field.Label>Role</Field.Label>
              <RoleSelect
                name="role"
                value={role}
                onChange={(event) => setRole(event.currentTarget.value as Role)}
              />
            </Field.Root>
            <Button type="submit" mt={{ md: '6' }} loading={invite.isPending} flexShrink={0}>
              <LuMailPlus /> Invite
            </Button>
          </Flex>
        </form>
        {created ? (
          <CopyField
            label={`Invitation link for ${created.email} (${ROLE_LABELS[created.role]})`}
            value={created.url}
            hint={`Send it to them now: it is shown only once, works once and expires ${formatWhen(created.expiresAt)}.`}
            testId="invitation-url"
          />
        ) : null}
      </Stack>
    </Panel>
  );
}

/** Neither accepted, revoked nor expired: its link still works. */
function isPending(invitation: Invitation, now: number): boolean {
  return !invitation.acceptedAt && !invitation.revokedAt && Date.parse(invitation.expiresAt) > now;
}

/** Invitations whose link still works, to revoke. */
function InvitationsPanel() {
  const utils = trpc.useUtils();
  const invitations = trpc.invitations.list.useQuery(undefined, {
    select: (all) => all.filter((invitation) => isPending(invitation, Date.now())),
  });
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const revoke = trpc.invitations.revoke.useMutation({
    onSuccess: async () => {
      notify.success('Invitation revoked successfully');
      setRevoking(null);
      await utils.invitations.invalidate();
    },
    onError: (error) => {
      setRevoking(null);
      notify.error('Error', `Failed to revoke invitation: ${errorMessage(error)}`);
    },
  });
  return (
    <Panel title="Pending invitations" titleId="invitations-title" mt="6">
      {invitations.isError ? (
        <LoadError what="invitations" error={invitations.error} />
      ) : !invitations.data ? null : invitations.data.length === 0 ? (
        <Text p="5" color="fg.muted">
          No pending invitations.
        </Text>
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm" variant="line" aria-labelledby="invitations-title">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader ps="5">Email</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">Role</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">Expires</Table.ColumnHeader>
                <Table.ColumnHeader pe="5" textAlign="end">
                  <Box as="span" srOnly>
                    Actions
                  </Box>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {invitations.data.map((invitation) => (
                <Table.Row key={invitation.id} data-testid="invitation-row">
                  <Table.Cell ps="5" overflowWrap="anywhere">
                    {invitation.email}
                    <Text hideFrom="md" textStyle="xs" color="fg.muted">
                      {ROLE_LABELS[invitation.role]}, expires {formatWhen(invitation.expiresAt)}
                    </Text>
                  </Table.Cell>
                  <Table.Cell hideBelow="md">{ROLE_LABELS[invitation.role]}</Table.Cell>
                  <Table.Cell hideBelow="md" whiteSpace="nowrap" color="fg.muted">
                    {formatWhen(invitation.expiresAt)}
                  </Table.Cell>
                  <Table.Cell pe="5" textAlign="end">
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="gray"
                      aria-label={`Revoke the invitation of ${invitation.email}`}
                      onClick={() => setRevoking(invitation)}
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
        title="Revoke invitation?"
        message={`The link sent to ${revoking?.email ?? ''} stops working.`}
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

/** /settings/users, for admins: the staff, their roles, and invitations. */
export function UsersPage() {
  const role = useRole();
  return (
    <>
      <PageHeader
        title="Users"
        description="Who can sign in, with which role; invite colleagues by email."
      />
      {role && can(role, 'users.manage') ? (
        <>
          <UsersPanel />
          <InvitePanel />
          <InvitationsPanel />
        </>
      ) : role ? (
        <Text color="fg.muted" data-testid="users-refused">
          {refusal(role, 'users.manage')}.
        </Text>
      ) : null}
    </>
  );
}
