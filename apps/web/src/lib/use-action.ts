import { useCallback, useState } from 'react';

/**
 * Runs one async call with a pending flag. The public pages use it instead of TanStack Query so the
 * sign-in page's first load stays small; the signed-in shells provide the query client.
 */
export function useAction<Input, Output>(action: (input: Input) => Promise<Output>) {
  const [isPending, setIsPending] = useState(false);
  const run = useCallback(
    async (input: Input): Promise<Output> => {
      setIsPending(true);
      try {
        return await action(input);
      } finally {
        setIsPending(false);
      }
    },
    [action],
  );
  return { run, isPending };
}
