import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Channel } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { channelQueryKey } from './get-channel';
import { channelsQueryKey } from './get-channels';

/** DELETE /channels/:id (204): the channel leaves settings; its issues and messages stay. */
export function deleteChannel(id: string): Promise<void> {
  return api(routes.channels.delete, { params: { id } });
}

export function useDeleteChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChannel,
    onSuccess: (_, id) => {
      queryClient.setQueryData<Channel[]>(channelsQueryKey, (list) => list?.filter((item) => item.id !== id));
      queryClient.removeQueries({ queryKey: channelQueryKey(id) });
    },
  });
}
