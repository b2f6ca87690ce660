import { lazy, Suspense } from 'react';
import { ensureWorkforceTexts } from '../../lib/i18n';

// The online/offline switch pulls antd's Switch: it loads beside the shell, like the organisation switcher.
// The header renders it inside its own boundary (app-header.tsx), so it appears with the other actions.
export const AvailabilitySwitch = lazy(() =>
  import('../../features/availability/components/availability-switch').then((module) => ({
    default: module.AvailabilitySwitch,
  })),
);

/** The user's online/offline switch: compact in the desktop header, a titled block in the mobile drawer. */
export function LazyAvailabilitySwitch({ isBlock = false }: { isBlock?: boolean }) {
  return (
    <Suspense fallback={null}>
      <AvailabilitySwitch isBlock={isBlock} />
    </Suspense>
  );
}

// The time-off dialog (date range picker, form) and its texts load when first opened from the user menu.
const TimeOffModal = lazy(async () => {
  const [{ TimeOffModal }] = await Promise.all([
    import('../../features/availability/components/time-off-modal'),
    ensureWorkforceTexts(),
  ]);
  return { default: TimeOffModal };
});

/** The time-off dialog, mounted once first opened so it can animate closed. */
export function LazyTimeOffModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <TimeOffModal open={open} onClose={onClose} />
    </Suspense>
  );
}
