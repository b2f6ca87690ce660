import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Channel, CreateChannel } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { channelQueryKey } from './get-channel';
import { channelsQueryKey } from './get-channels';

/** The create body as the web app sends it (the schema's defaults are always filled in). */
export type CreateChannelInput = CreateChannel;

/**
 * POST /channels: 409 channel.used_by_other_organization until resent with `takeOver: true`,
 * channel.duplicate, channel.plan_limit; 400 channel.* rule codes and validation.failed.
 */
export function createChannel(input: CreateChannelInput): Promise<Channel> {
  return api(routes.channels.create, { body: input });
}

export function useCreateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChannel,
    onSuccess: (channel) => {
      queryClient.setQueryData(channelQueryKey(channel.id), channel);
      void queryClient.invalidateQueries({ queryKey: channelsQueryKey, exact: true });
    },
  });
}
