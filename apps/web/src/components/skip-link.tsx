import type { ReactNode } from 'react';

type SkipLinkProps = { targetId: string; children: ReactNode };

/**
 * A link that shows only while focused and moves the focus to `targetId` (a keyboard user skips what lies
 * between). It focuses the element itself: following the hash would change the URL the router reads.
 */
export function SkipLink({ targetId, children }: SkipLinkProps) {
  return (
    <a
      className="skip-link"
      href={`#${targetId}`}
      onClick={(event) => {
        const target = document.getElementById(targetId);
        if (!target) return;
        event.preventDefault();
        target.focus();
      }}
    >
      {children}
    </a>
  );
}
