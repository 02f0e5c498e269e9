import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  CHANNEL_KINDS,
  CHANNEL_LABELS,
  ChannelInputSchema,
  type ChannelConnection,
  type ChannelInput,
  type NewChannel,
} from '@/domain/channel';
import { FormDialog } from '@/client/components/form-dialog';
import { FormField, InputField } from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { Select, SelectOptions } from '@/client/components/ui/select';
import { getErrorMessage } from '@/client/lib/api-client';
import { IMPORT_URL_HELP, labelConnection } from './channel-health';
import { useCreateChannel, useUpdateChannel } from './channels-api';

const NEW_CONNECTION: ChannelInput = { channel: 'airbnb', import_url: '', name: '' };

/**
 * Adds a channel connection to a property, or edits one's name and address (the channel is fixed once
 * stays were imported under it). Render it while open. What was typed stays until a save succeeds.
 */
export function ConnectionFormDialog({
  propertyId,
  connection,
  onOpenChange,
  onSaved,
}: {
  propertyId: string;
  connection?: ChannelConnection;
  onOpenChange: (open: boolean) => void;
  onSaved?: (connection: ChannelConnection) => void;
}) {
  const create = useCreateChannel(propertyId);
  const update = useUpdateChannel();
  const saving = create.isPending || update.isPending;
  // The same schema the createChannel route parses; an edit sends its address and name, which the
  // updateChannel route checks by the same field rules.
  const form = useForm<ChannelInput, unknown, NewChannel>({
    resolver: zodResolver(ChannelInputSchema),
    defaultValues: connection
      ? { channel: connection.channel, import_url: connection.import_url, name: connection.name ?? '' }
      : NEW_CONNECTION,
  });
  const { register, formState, watch } = form;
  const errors = formState.errors;
  const channel = watch('channel');
  const [formError, setFormError] = useState<string | null>(null);

  const saved = (result: ChannelConnection, message: string, note?: string) => {
    toast.success(message, {
      description: note ? `${labelConnection(result)}. ${note}` : labelConnection(result),
    });
    onSaved?.(result);
    onOpenChange(false);
  };
  const fail = (error: unknown) => setFormError(getErrorMessage(error, 'The connection could not be saved'));

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    if (connection) {
      update.mutate(
        { channelId: connection.id, changes: { import_url: values.import_url, name: values.name } },
        { onSuccess: (result) => saved(result, 'Connection saved'), onError: fail },
      );
    } else {
      create.mutate(values, {
        onSuccess: (result) =>
          saved(
            result,
            'Channel connected',
            'Copy its export address now from its card: it is shown only once.',
          ),
        onError: fail,
      });
    }
  });

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={connection ? `Edit ${labelConnection(connection)}` : 'Connect a channel'}
      description={
        connection
          ? 'A new address is synced afresh; stays already imported stay where they are until it runs.'
          : 'Paste the calendar address the channel exports. Its stays become bookings here and its closed nights close here too.'
      }
      onSubmit={submit}
      error={formError}
      footerClassName="pt-2"
      submitLabel={connection ? 'Save changes' : 'Connect'}
      pendingLabel="Saving..."
      pending={saving}
      lockWhilePending
    >
      <FormField
        label="Channel"
        error={errors.channel}
        hint={connection ? 'fixed once connected' : undefined}
      >
        {(props) =>
          connection ? (
            <Input {...props} readOnly value={CHANNEL_LABELS[connection.channel]} />
          ) : (
            <Select {...props} {...register('channel')}>
              <SelectOptions values={CHANNEL_KINDS} labels={CHANNEL_LABELS} />
            </Select>
          )
        }
      </FormField>
      <FormField label="Calendar address" required error={errors.import_url}>
        {(props) => (
          <Input
            {...props}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            aria-required="true"
            placeholder="https://www.airbnb.com/calendar/ical/….ics"
            {...register('import_url')}
          />
        )}
      </FormField>
      <p className="-mt-2 text-xs text-muted-foreground">{IMPORT_URL_HELP[channel]}</p>
      <InputField
        label="Name"
        hint="optional, e.g. Airbnb – whole villa"
        error={errors.name}
        autoComplete="off"
        {...register('name')}
      />
    </FormDialog>
  );
}
