import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Grid,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { MAX_DUNNING_LEVELS, type DunningSettings } from '@pharm/validators';
import { FormField } from '../../components/FormField';
import { Panel } from '../../components/Panel';
import { errorMessage, serverFieldErrors } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useCan } from '../auth/can';

interface LevelFields {
  days: string;
  templateId: number;
  attachStatement: boolean;
  fee: string;
}

function Flag({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
}) {
  return (
    <Checkbox.Root
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked === true)}
      disabled={disabled}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

function DunningForm({ settings }: { settings: DunningSettings }) {
  const locked = !useCan()('dunning.settings');
  const utils = trpc.useUtils();
  const templates = trpc.emails.templates.useQuery();
  const dunningTemplates = (templates.data ?? []).filter((t) => t.kind === 'dunning');
  const fromSettings = () => ({
    enabled: settings.enabled,
    autoSend: settings.autoSend,
    monthlyStatements: settings.monthlyStatements,
    levels: settings.levels.map((l): LevelFields => ({
      days: String(l.days),
      templateId: l.templateId,
      attachStatement: l.attachStatement,
      fee: l.fee ?? '',
    })),
  });
  const [fields, setFields] = useState(fromSettings);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setFields(fromSettings()), [settings]);
  const save = trpc.dunning.updateSettings.useMutation({
    onSuccess: async () => {
      notify.success('Dunning settings saved');
      await utils.dunning.invalidate();
    },
    onError: (error) => notify.error('Error', `Failed to save: ${errorMessage(error)}`),
  });
  const errors = serverFieldErrors(save.error);
  const setLevel = (i: number, change: Partial<LevelFields>) =>
    setFields((f) => ({
      ...f,
      levels: f.levels.map((l, j) => (j === i ? { ...l, ...change } : l)),
    }));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({
          ...fields,
          levels: fields.levels.map((l) => ({
            days: l.days.trim() === '' ? Number.NaN : Number(l.days),
            templateId: l.templateId,
            attachStatement: l.attachStatement,
            fee: l.fee.trim() || null,
          })),
        });
      }}
    >
      <Stack gap="4" p="5">
        <Flag
          label="Propose reminders of overdue invoices every day"
          checked={fields.enabled}
          onChange={(enabled) => setFields((f) => ({ ...f, enabled }))}
          disabled={locked}
        />
        <Flag
          label="Send them without approval"
          checked={fields.autoSend}
          onChange={(autoSend) => setFields((f) => ({ ...f, autoSend }))}
          disabled={locked}
        />
        <Flag
          label="On the 1st, email each pharmacy with an open balance its open items"
          checked={fields.monthlyStatements}
          onChange={(monthlyStatements) => setFields((f) => ({ ...f, monthlyStatements }))}
          disabled={locked}
        />
        {errors.levels ? <Text color="fg.error">{errors.levels}</Text> : null}
        {fields.levels.map((level, i) => (
          <Grid
            key={i}
            templateColumns={{ base: '1fr', md: '11rem minmax(0, 1fr) 8rem auto auto' }}
            gap="3"
            alignItems="end"
            data-testid={`dunning-level-${i + 1}`}
          >
            <FormField
              label={`Level ${i + 1}: days after due`}
              error={errors[`levels.${i}.days`]}
              required
              readOnly={locked}
            >
              <Input
                type="number"
                value={level.days}
                onChange={(e) => setLevel(i, { days: e.target.value })}
              />
            </FormField>
            <FormField label="Template" error={errors[`levels.${i}.templateId`]} readOnly={locked}>
              <NativeSelect.Root disabled={locked}>
                <NativeSelect.Field
                  value={level.templateId}
                  onChange={(e) => setLevel(i, { templateId: Number(e.target.value) })}
                >
                  {dunningTemplates.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label="Fee (optional)" error={errors[`levels.${i}.fee`]} readOnly={locked}>
              <Input
                inputMode="decimal"
                value={level.fee}
                placeholder="None"
                onChange={(e) => setLevel(i, { fee: e.target.value })}
              />
            </FormField>
            <Box pb="2">
              <Flag
                label="Attach statement"
                checked={level.attachStatement}
                onChange={(attachStatement) => setLevel(i, { attachStatement })}
                disabled={locked}
              />
            </Box>
            {locked ? null : (
              <Button
                variant="ghost"
                colorPalette="gray"
                aria-label={`Remove level ${i + 1}`}
                onClick={() =>
                  setFields((f) => ({ ...f, levels: f.levels.filter((_, j) => j !== i) }))
                }
              >
                <LuTrash2 />
              </Button>
            )}
          </Grid>
        ))}
        <Text textStyle="xs" color="fg.muted">
          Days may be negative for a friendly reminder before the due date. A fee is recorded as a
          document of its own when the reminder is sent; the invoice is never changed.
        </Text>
        {locked ? null : (
          <HStack>
            {fields.levels.length < MAX_DUNNING_LEVELS && dunningTemplates[0] ? (
              <Button
                variant="outline"
                colorPalette="gray"
                onClick={() =>
                  setFields((f) => ({
                    ...f,
                    levels: [
                      ...f.levels,
                      {
                        days: '',
                        templateId: dunningTemplates[0]!.id,
                        attachStatement: false,
                        fee: '',
                      },
                    ],
                  }))
                }
              >
                <LuPlus /> Add level
              </Button>
            ) : null}
            <Button type="submit" loading={save.isPending}>
              Save Dunning
            </Button>
          </HStack>
        )}
      </Stack>
    </form>
  );
}

/** Settings: dunning on or off, auto-send, monthly statements, and the levels (admins edit). */
export function DunningSettingsPanel() {
  const settings = trpc.dunning.settings.useQuery();
  return (
    <Panel title="Dunning" titleId="settings-dunning" mt="6">
      {settings.data ? (
        <DunningForm settings={settings.data} />
      ) : settings.error ? (
        <Text p="5" color="fg.error">
          Failed to load the dunning settings: {errorMessage(settings.error)}
        </Text>
      ) : null}
    </Panel>
  );
}
