import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { message } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { MessageContext } from '../../lib/notices';
import { clientHooks } from '../../lib/api-client';
import { meQueryKey } from '../../lib/me';
import { createQueryClient } from '../../lib/query-client';

/** The query cache of this session and the notice API (antd message with the app's theme and locale). */
export function SignedInProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [messageApi, messageHolder] = message.useMessage();
  // A token refreshed because the server revoked it may carry another role: read /me (permissions) again.
  useEffect(() => {
    clientHooks.onSessionChanged = () => void queryClient.invalidateQueries({ queryKey: meQueryKey });
    return () => {
      clientHooks.onSessionChanged = () => undefined;
    };
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <MessageContext value={messageApi}>
        {messageHolder}
        {children}
      </MessageContext>
    </QueryClientProvider>
  );
}
