import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Channel, UpdateChannel } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { channelQueryKey } from './get-channel';
import { channelsQueryKey } from './get-channels';

export type UpdateChannelInput = { id: string; body: UpdateChannel };

/** PUT /channels/:id: secret and access token are kept when absent; 409 channel.holiday_cannot_remove. */
export function updateChannel({ id, body }: UpdateChannelInput): Promise<Channel> {
  return api(routes.channels.update, { params: { id }, body });
}

export function useUpdateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChannel,
    onSuccess: (channel) => {
      queryClient.setQueryData(channelQueryKey(channel.id), channel);
      queryClient.setQueryData<Channel[]>(channelsQueryKey, (list) =>
        list?.map((item) => (item.id === channel.id ? channel : item)),
      );
    },
  });
}
