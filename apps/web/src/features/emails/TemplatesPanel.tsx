import { useEffect, useState } from 'react';
import { Box, Button, Grid, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { EMAIL_PLACEHOLDERS, type EmailTemplate } from '@pharm/validators';
import { FormField } from '../../components/FormField';
import { Panel } from '../../components/Panel';
import { errorMessage, serverFieldErrors } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { HtmlPreview } from './HtmlPreview';
import { useCan } from '../auth/can';
import { kindLabel } from './format';

type Fields = Pick<EmailTemplate, 'subject' | 'bodyText' | 'bodyHtml'>;

function TemplateEditor({ template }: { template: EmailTemplate }) {
  const locked = !useCan()('emails.templates');
  const utils = trpc.useUtils();
  const [fields, setFields] = useState<Fields>(template);
  useEffect(() => setFields(template), [template]);
  const preview = trpc.emails.previewTemplate.useQuery(
    { kind: template.kind, template: fields },
    {
      enabled: !!(fields.subject && fields.bodyText && fields.bodyHtml),
      placeholderData: (p) => p,
    },
  );
  const save = trpc.emails.updateTemplate.useMutation({
    onSuccess: async () => {
      notify.success('Template saved');
      await utils.emails.templates.invalidate();
    },
    onError: (error) =>
      notify.error('Error', `Failed to save the template: ${errorMessage(error)}`),
  });
  const errors = Object.fromEntries(
    Object.entries(serverFieldErrors(save.error)).map(([k, v]) => [k.replace(/^data\./, ''), v]),
  );
  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));
  const placeholders = EMAIL_PLACEHOLDERS[template.kind] ?? {};

  return (
    <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }} gap="5">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ id: template.id, data: fields });
        }}
      >
        <Stack gap="4">
          <FormField label="Subject" error={errors.subject} required readOnly={locked}>
            <Input value={fields.subject} onChange={set('subject')} />
          </FormField>
          <FormField label="Text body" error={errors.bodyText} required readOnly={locked}>
            <Textarea value={fields.bodyText} onChange={set('bodyText')} rows={8} />
          </FormField>
          <FormField label="HTML body" error={errors.bodyHtml} required readOnly={locked}>
            <Textarea
              value={fields.bodyHtml}
              onChange={set('bodyHtml')}
              rows={8}
              fontFamily="mono"
              textStyle="xs"
            />
          </FormField>
          <Text textStyle="xs" color="fg.muted">
            Placeholders:{' '}
            {Object.entries(placeholders)
              .map(([name, meaning]) => `{${name}} ${meaning.toLowerCase()}`)
              .join('; ')}
            .
          </Text>
          {locked ? null : (
            <Button type="submit" alignSelf="flex-start" loading={save.isPending}>
              Save Template
            </Button>
          )}
        </Stack>
      </form>
      <Stack gap="2" data-testid="template-preview">
        <Text fontWeight="medium" textStyle="sm">
          Preview: {preview.data?.subject}
        </Text>
        <HtmlPreview
          label="The template's HTML, with example values"
          html={preview.data?.bodyHtml ?? ''}
          maxH="60"
        />
        <Text as="pre" textStyle="xs" whiteSpace="pre-wrap" bg="bg.muted" p="3" borderRadius="md">
          {preview.data?.bodyText}
        </Text>
      </Stack>
    </Grid>
  );
}

/** Settings: the email templates, one per kind, with a live preview on example values. */
export function TemplatesPanel() {
  const templates = trpc.emails.templates.useQuery();
  const [selected, setSelected] = useState<number | null>(null);
  const list = templates.data ?? [];
  const current = list.find((t) => t.id === selected) ?? list[0];
  return (
    <Panel
      title="Email templates"
      titleId="settings-email-templates"
      mt="6"
      aside={
        list.length ? (
          <NativeSelect.Root size="sm" w="48">
            <NativeSelect.Field
              aria-label="Template"
              value={current?.id}
              onChange={(event) => setSelected(Number(event.target.value))}
            >
              {list.map((t) => (
                <option key={t.id} value={t.id}>
                  {kindLabel(t.kind)}
                  {t.name !== kindLabel(t.kind) ? `: ${t.name}` : ''}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : null
      }
    >
      <Box p="5">
        {templates.error ? (
          <Text color="fg.error">
            Failed to load the templates: {errorMessage(templates.error)}
          </Text>
        ) : current ? (
          <TemplateEditor key={current.id} template={current} />
        ) : null}
      </Box>
    </Panel>
  );
}
