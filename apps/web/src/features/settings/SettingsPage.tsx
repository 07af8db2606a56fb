import { Button, Checkbox, Field, Input, Stack } from '@chakra-ui/react';
import { Controller, useForm } from 'react-hook-form';
import type { Settings } from '@pharm/validators';
import { PageHeader } from '../../components/PageHeader';
import { Panel } from '../../components/Panel';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors, lazyZodResolver } from '../../lib/forms';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { Can, useCan } from '../auth/can';
import { BackupsPanel } from './BackupsPanel';
import { TemplatesPanel } from '../emails/TemplatesPanel';
import { DunningSettingsPanel } from '../dunning/DunningSettingsPanel';
import { ShelfLifeSetting } from '../lots/ShelfLife';

// zod and the schema load when the form first validates, not with the screen.
const resolver = lazyZodResolver(() =>
  import('@pharm/validators').then((module) => module.settingsOutput),
);

/** The credit-hold setting: read-only for a role that may not change it. */
function SettingsForm({ settings }: { settings: Settings }) {
  const can = useCan();
  const locked = !can('settings.creditHold');
  // The licence gate is an admin's setting (settings.write); an accountant sees it read-only.
  const licencesLocked = !can('settings.write');
  const utils = trpc.useUtils();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<Settings>({ resolver, defaultValues: settings });
  const update = trpc.settings.update.useMutation({
    onSuccess: async () => {
      notify.success('Settings saved');
      // The hold of every pharmacy follows the setting.
      await Promise.all([
        utils.settings.invalidate(),
        utils.pharmacies.invalidate(),
        utils.dashboard.invalidate(),
        utils.licences.invalidate(),
      ]);
    },
    onError: (error) => {
      applyServerFieldErrors(error, setError, ['holdDaysPastDue', 'licenceWarningDays']);
      notify.error('Error', `Failed to save settings: ${errorMessage(error)}`);
    },
  });
  return (
    <form
      onSubmit={handleSubmit((data) => update.mutate(data))}
      noValidate
      data-testid="settings-form"
    >
      <Stack gap="5" p="5" maxW="md">
        <Field.Root invalid={!!errors.holdDaysPastDue} required readOnly={locked}>
          <Field.Label>
            Days past due before credit hold <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="number"
            min={1}
            step={1}
            {...register('holdDaysPastDue', { valueAsNumber: true })}
          />
          <Field.HelperText>
            A pharmacy with an invoice more than this many days past due is put on credit hold, as
            is one whose balance is above its credit limit.
          </Field.HelperText>
          <Field.ErrorText>{errors.holdDaysPastDue?.message}</Field.ErrorText>
        </Field.Root>
        <Controller
          control={control}
          name="requireLicences"
          render={({ field }) => (
            <Field.Root disabled={licencesLocked}>
              <Checkbox.Root
                checked={field.value}
                onCheckedChange={(details) => field.onChange(details.checked === true)}
                disabled={licencesLocked}
              >
                <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} />
                <Checkbox.Control />
                <Checkbox.Label>Require licences</Checkbox.Label>
              </Checkbox.Root>
              <Field.HelperText>
                Sending or fulfilling an order and issuing an invoice need a valid state pharmacy
                licence (or 503B registration), and a DEA registration for controlled products.
              </Field.HelperText>
            </Field.Root>
          )}
        />
        <Field.Root invalid={!!errors.licenceWarningDays} required readOnly={licencesLocked}>
          <Field.Label>
            Days before expiry a licence is listed as expiring <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="number"
            min={1}
            max={365}
            step={1}
            {...register('licenceWarningDays', { valueAsNumber: true })}
          />
          <Field.ErrorText>{errors.licenceWarningDays?.message}</Field.ErrorText>
        </Field.Root>
        <Controller
          control={control}
          name="autoApplyOnIssue"
          render={({ field }) => (
            <Field.Root disabled={licencesLocked}>
              <Checkbox.Root
                checked={field.value}
                onCheckedChange={(details) => field.onChange(details.checked === true)}
                disabled={licencesLocked}
              >
                <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} />
                <Checkbox.Control />
                <Checkbox.Label>Apply unapplied cash when an invoice is issued</Checkbox.Label>
              </Checkbox.Root>
              <Field.HelperText>
                A pharmacy&apos;s unapplied payments and open credits go to each invoice it is
                issued, oldest first, without asking.
              </Field.HelperText>
            </Field.Root>
          )}
        />
        {locked ? null : (
          <Button type="submit" alignSelf="flex-start" loading={update.isPending}>
            Save Settings
          </Button>
        )}
      </Stack>
    </form>
  );
}

/** The business's settings, for the signed-in staff. */
export function SettingsPage() {
  const settings = trpc.settings.get.useQuery();
  return (
    <>
      <PageHeader
        title="Settings"
        description="How the business runs accounts receivable, its emails, and its backups."
      />
      <Panel title="Credit hold, licences and cash" titleId="settings-credit-hold">
        {settings.data ? (
          <SettingsForm settings={settings.data} />
        ) : settings.isError ? (
          <Stack p="5" color="red.600">
            Failed to load settings: {errorMessage(settings.error)}
          </Stack>
        ) : null}
      </Panel>
      <TemplatesPanel />
      <DunningSettingsPanel />
      <Panel title="Lots" titleId="settings-lots">
        <ShelfLifeSetting />
      </Panel>
      <Can permission="backups.manage">
        <BackupsPanel />
      </Can>
    </>
  );
}
