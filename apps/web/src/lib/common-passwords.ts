import { useEffect, useState } from 'react';

type CommonCheck = (password: string) => boolean;

/**
 * Loads the common-password list on demand: it is large, so only pages that set a password fetch it.
 * Until it arrives (or if it fails) the other rules still apply and the server checks the list anyway.
 */
export function useCommonPasswordCheck(): CommonCheck | undefined {
  const [check, setCheck] = useState<CommonCheck>();
  useEffect(() => {
    let isMounted = true;
    import('@sabai/domain/common-passwords')
      .then(({ isCommonPassword }) => {
        if (isMounted) setCheck(() => isCommonPassword);
      })
      .catch(() => undefined);
    return () => {
      isMounted = false;
    };
  }, []);
  return check;
}
