// What the signed-in shell hands to the screens it renders (through the router outlet).
import { useOutletContext } from 'react-router';
import type { ComponentType } from 'react';
import type { TranslationKey } from '@sabai/i18n';

/** A screen the user may open, as listed in the menu. */
export type ScreenLink = { key: string; path: string; labelKey: TranslationKey; icon: ComponentType };

/** links: the screens the user may open (menu entries and the profile); landingPath: the page after sign-in. */
export type ShellContext = { links: ScreenLink[]; landingPath: string };

export function useShellContext(): ShellContext {
  return useOutletContext<ShellContext>();
}
