import { useState } from 'react';
import type { ReactNode } from 'react';
import { message } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { MessageContext } from '../../lib/notices';
import { createQueryClient } from '../../lib/query-client';

/** The query cache of this session and the notice API (antd message with the app's theme and locale). */
export function SignedInProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [messageApi, messageHolder] = message.useMessage();
  return (
    <QueryClientProvider client={queryClient}>
      <MessageContext value={messageApi}>
        {messageHolder}
        {children}
      </MessageContext>
    </QueryClientProvider>
  );
}
