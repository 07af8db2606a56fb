import { chakra, Button, Field, Input, Stack } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import type { LoginInput, LoginData } from '@pharm/validators';
import { PasswordInput } from '../../components/ui/password-input';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors, lazyZodResolver } from '../../lib/forms';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { AuthFormHeading } from './AuthFormHeading';
import { loadAuthSchemas, preloadAfterSignIn } from './preload';
import { useSignedIn } from './useSignedIn';

const resolver = lazyZodResolver(() => loadAuthSchemas().then((m) => m.loginSchema));

export function LoginForm() {
  const signedIn = useSignedIn();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginInput, unknown, LoginData>({
    resolver,
    defaultValues: { email: '', password: '' },
  });

  const login = trpc.auth.login.useMutation({
    onSuccess: signedIn,
    onError: (error) => {
      applyServerFieldErrors(error, setError, ['email', 'password']);
      notify.error('Login failed', errorMessage(error));
    },
  });

  return (
    <chakra.form
      onSubmit={handleSubmit((values) => login.mutate(values))}
      noValidate
      onInput={preloadAfterSignIn}
      data-testid="login-form"
    >
      <AuthFormHeading title="Welcome back" hint="Enter your credentials to access your account" />
      <Stack gap="4">
        <Field.Root invalid={!!errors.email} required>
          <Field.Label>Email</Field.Label>
          <Input
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder="you@company.com"
            autoFocus
            {...register('email')}
          />
          <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.password} required>
          <Field.Label>Password</Field.Label>
          <PasswordInput
            autoComplete="current-password"
            placeholder="••••••••"
            {...register('password')}
          />
          <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
        </Field.Root>
        <Button
          type="submit"
          size="lg"
          mt="2"
          loading={login.isPending}
          loadingText="Logging in..."
        >
          Log in
        </Button>
      </Stack>
    </chakra.form>
  );
}
