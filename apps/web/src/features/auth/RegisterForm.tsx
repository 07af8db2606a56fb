import { chakra, Button, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import type { RegisterInput, RegisterData } from '@pharm/validators';
import { PasswordInput } from '../../components/ui/password-input';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors, lazyZodResolver } from '../../lib/forms';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { AuthFormHeading } from './AuthFormHeading';
import { loadAuthSchemas, preloadAfterSignIn } from './preload';
import { useSignedIn } from './useSignedIn';

const resolver = lazyZodResolver(() => loadAuthSchemas().then((m) => m.registerSchema));

/** The Register tab: the form, or where sign-up is by invitation only, how to get one. */
export function RegisterForm() {
  const registration = trpc.auth.registration.useQuery(undefined, { staleTime: Infinity });
  if (registration.data?.invitationOnly) {
    return (
      <Stack data-testid="register-invitation-only">
        <AuthFormHeading title="Create an account" hint="Sign-up is by invitation only." />
        <Text textStyle="sm">
          Ask an admin of your team to invite you: the link in the invitation lets you choose your
          password and signs you in.
        </Text>
      </Stack>
    );
  }
  return <SignUpForm />;
}

function SignUpForm() {
  const signedIn = useSignedIn();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterInput, unknown, RegisterData>({
    resolver,
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });

  const registerUser = trpc.auth.register.useMutation({
    onSuccess: signedIn,
    onError: (error) => {
      applyServerFieldErrors(error, setError, ['firstName', 'lastName', 'email', 'password']);
      notify.error('Registration failed', errorMessage(error));
    },
  });

  return (
    <chakra.form
      onSubmit={handleSubmit((values) => registerUser.mutate(values))}
      noValidate
      onInput={preloadAfterSignIn}
      data-testid="register-form"
    >
      <AuthFormHeading title="Create an account" hint="Enter your information to get started" />
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root invalid={!!errors.firstName}>
            <Field.Label>First name</Field.Label>
            <Input autoComplete="given-name" placeholder="Jane" {...register('firstName')} />
            <Field.ErrorText>{errors.firstName?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.lastName}>
            <Field.Label>Last name</Field.Label>
            <Input autoComplete="family-name" placeholder="Doe" {...register('lastName')} />
            <Field.ErrorText>{errors.lastName?.message}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Field.Root invalid={!!errors.email} required>
          <Field.Label>Email</Field.Label>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@company.com"
            {...register('email')}
          />
          <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.password} required>
          <Field.Label>Password</Field.Label>
          <PasswordInput
            autoComplete="new-password"
            placeholder="At least 6 characters"
            {...register('password')}
          />
          {errors.password ? (
            <Field.ErrorText>{errors.password.message}</Field.ErrorText>
          ) : (
            <Field.HelperText>Use at least 6 characters.</Field.HelperText>
          )}
        </Field.Root>
        <Button
          type="submit"
          size="lg"
          mt="2"
          loading={registerUser.isPending}
          loadingText="Creating account..."
        >
          Create account
        </Button>
      </Stack>
    </chakra.form>
  );
}
