import { useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  chakra,
  Field,
  Flex,
  Heading,
  Input,
  SimpleGrid,
  Stack,
  Text,
  VStack,
} from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { LogoMark } from '../../components/Logo';
import { PasswordInput } from '../../components/ui/password-input';
import { errorMessage, serverFieldErrors } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

/**
 * The invitation's token, from the link's fragment (`/invitation#token=…`): a fragment never
 * reaches a server's logs or another site's Referer.
 */
function tokenFromHash(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

function AcceptForm({ token }: { token: string }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [values, setValues] = useState({ firstName: '', lastName: '', password: '' });
  const accept = trpc.invitations.accept.useMutation({
    onSuccess: async (user) => {
      notify.clear();
      // The secret is spent: no page of the app keeps it in its address.
      history.replaceState(null, '', window.location.pathname);
      utils.auth.me.setData(undefined, user);
      await navigate({ to: '/' });
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (!fields.firstName && !fields.lastName && !fields.password)
        notify.error('Invitation failed', errorMessage(error));
    },
  });
  const fields = accept.error ? serverFieldErrors(accept.error) : {};
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((old) => ({ ...old, [name]: value }));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate({ token, ...values });
  };
  return (
    <chakra.form onSubmit={submit} noValidate data-testid="invitation-form">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root invalid={!!fields.firstName}>
            <Field.Label>First name</Field.Label>
            <Input autoComplete="given-name" {...field('firstName')} />
            <Field.ErrorText>{fields.firstName}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!fields.lastName}>
            <Field.Label>Last name</Field.Label>
            <Input autoComplete="family-name" {...field('lastName')} />
            <Field.ErrorText>{fields.lastName}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Field.Root invalid={!!fields.password} required>
          <Field.Label>
            Password <Field.RequiredIndicator />
          </Field.Label>
          <PasswordInput
            autoComplete="new-password"
            placeholder="At least 6 characters"
            {...field('password')}
          />
          {fields.password ? (
            <Field.ErrorText>{fields.password}</Field.ErrorText>
          ) : (
            <Field.HelperText>Use at least 6 characters.</Field.HelperText>
          )}
        </Field.Root>
        <Button type="submit" size="lg" mt="2" loading={accept.isPending} loadingText="Joining...">
          Join and sign in
        </Button>
      </Stack>
    </chakra.form>
  );
}

/** /invitation#token=…: the invitee picks a name and a password, joins and is signed in. */
export function InvitationPage() {
  const [token] = useState(tokenFromHash);
  return (
    <Flex as="main" minH="100vh" bg="bg.app" align="center" justify="center" px="4" py="12">
      <Box w="full" maxW="md">
        <VStack gap="3" mb="8" textAlign="center">
          <LogoMark size="12" />
          <Heading as="h1" size="2xl" fontWeight="bold" letterSpacing="-0.02em" color="ink.900">
            Join PharmSupply
          </Heading>
          <Text color="fg.muted">You were invited to your supplier’s back office.</Text>
        </VStack>
        <Box
          bg="bg.panel"
          rounded="2xl"
          borderWidth="1px"
          borderColor="border.muted"
          shadow="sm"
          p={{ base: '5', sm: '8' }}
        >
          {token ? (
            <>
              <Stack gap="1" mb="6">
                <Heading as="h2" size="xl" fontWeight="semibold" color="ink.900">
                  Accept your invitation
                </Heading>
                <Text color="fg.muted" textStyle="sm">
                  Tell us your name and choose a password.
                </Text>
              </Stack>
              <AcceptForm token={token} />
            </>
          ) : (
            <Stack gap="4" data-testid="invitation-missing">
              <Heading as="h2" size="xl" fontWeight="semibold" color="ink.900">
                This link is incomplete
              </Heading>
              <Text color="fg.muted" textStyle="sm">
                Open the whole invitation link you were sent, or ask an admin for a new one.
              </Text>
              <Button asChild variant="outline" colorPalette="gray">
                <Link to="/">Go to sign in</Link>
              </Button>
            </Stack>
          )}
        </Box>
      </Box>
    </Flex>
  );
}
