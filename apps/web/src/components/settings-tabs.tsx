import { useState } from 'react';
import type { ReactNode } from 'react';
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';

/**
 * The open tab of a settings screen: the one a link names with ?tab= (e.g. a notification's link), else
 * the first. Switching tabs stays on the page (no navigation, no route spinner).
 */
export function useSettingsTab<K extends string>(keys: readonly [K, ...K[]]) {
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<K>(() => keys.find((key) => key === searchParams.get('tab')) ?? keys[0]);
  const select = (key: string) => setTab(keys.find((each) => each === key) ?? keys[0]);
  return [tab, select] as const;
}

type SettingsTabsProps<K extends string> = {
  active: K;
  onChange: (key: string) => void;
  items: { key: K; label: ReactNode; children: ReactNode }[];
};

/** A settings screen's tabs; a hidden tab unmounts, so its lists never answer for the visible one. */
export function SettingsTabs<K extends string>({ active, onChange, items }: SettingsTabsProps<K>) {
  return <Tabs activeKey={active} onChange={onChange} destroyOnHidden items={items} />;
}
